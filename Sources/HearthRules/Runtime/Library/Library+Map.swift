import HearthCore
/// `rules.Map` and `rules.MapDiff` methods.
extension RuleStandardLibrary {
    /// Dispatches a map method; nil when maps have no method of that name.
    static func mapMethod(_ name: String, _ fields: [String: RuleValue], _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        switch name {
        case "size":
            try RuleCall(name: "map.size", arguments: arguments, expected: "map.size()").require(0)
            return .int(Int64(fields.count))
        case "keys":
            try RuleCall(name: "map.keys", arguments: arguments, expected: "map.keys()").require(0)
            return .list(sortedKeys(fields).map { RuleValue.string($0) })
        case "values":
            try RuleCall(name: "map.values", arguments: arguments, expected: "map.values()").require(0)
            return .list(sortedKeys(fields).compactMap { fields[$0] })
        case "get":
            return try get(fields, arguments)
        case "diff":
            let call = RuleCall(name: "map.diff", arguments: arguments, expected: "map.diff(map)")
            try call.require(1)
            return .mapDiff(RuleMapDiff(newer: fields, older: try call.map(0)))
        default:
            return nil
        }
    }

    /// Dispatches a map-diff method; nil when map diffs have no method of that name.
    static func mapDiffMethod(_ name: String, _ diff: RuleMapDiff, _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        let keys: [String]
        switch name {
        case "addedKeys": keys = diff.addedKeys
        case "removedKeys": keys = diff.removedKeys
        case "changedKeys": keys = diff.changedKeys
        case "unchangedKeys": keys = diff.unchangedKeys
        case "affectedKeys": keys = diff.affectedKeys
        default: return nil
        }
        try RuleCall(name: "map_diff.\(name)", arguments: arguments, expected: "map_diff.\(name)()").require(0)
        return .stringSet(keys)
    }

    /// The map's keys in UTF-8 byte order (the deterministic order `keys()` and `values()` use).
    static func sortedKeys(_ fields: [String: RuleValue]) -> [String] {
        fields.keys.sorted(by: UTF8KeyOrder.precedes)
    }

    /// `map.get(key, default)`: `key` is a string or a list of strings (a nested lookup); a missing
    /// key or a non-map step yields `default`, which may be `null`.
    private static func get(_ fields: [String: RuleValue], _ arguments: [RuleValue]) throws(RuleError) -> RuleValue {
        let call = RuleCall(name: "map.get", arguments: arguments, expected: "map.get(string, any), map.get(list, any)")
        try call.require(2, allowingNull: true)
        let fallback = arguments[1]
        switch arguments[0] {
        case .string(let key):
            return fields[key] ?? fallback
        case .list(let keys):
            var current = RuleValue.map(fields)
            for key in keys {
                guard case .string(let name) = key else { throw call.typeError }
                guard case .map(let level) = current, let next = level[name] else { return fallback }
                current = next
            }
            return current
        case .null:
            throw RuleError.nullValue
        default:
            throw call.typeError
        }
    }
}
