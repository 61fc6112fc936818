/// A value of the security rules language: what every rules expression evaluates to.
///
/// Swift `==` on `RuleValue` is the language's `==` (see `RuleValue+Equality.swift`): an int equals
/// a float of the same numeric value, lists compare in order, maps and sets ignore order. Use
/// `isIdentical(to:)` when the exact variant matters (tests).
enum RuleValue: Sendable {
    /// `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed 64-bit integer.
    case int(Int64)
    /// An IEEE-754 double.
    case float(Double)
    /// A string.
    case string(String)
    /// Raw bytes.
    case bytes([UInt8])
    /// An ordered, heterogeneous list.
    case list([RuleValue])
    /// A map with string keys.
    case map([String: RuleValue])
    /// A set of distinct values (only made by rules functions).
    case set(RuleSet)
    /// A path such as `/databases/(default)/documents/users/alice`.
    case path(RulePath)
    /// A point in time with nanosecond precision.
    case timestamp(RuleTimestamp)
    /// A signed span of time with nanosecond precision.
    case duration(RuleDuration)
    /// A latitude/longitude pair.
    case latlng(RuleLatLng)
    /// The result of `map.diff(other)`.
    case mapDiff(RuleMapDiff)
}

extension RuleValue {
    /// The type's name as the rules language spells it in messages (`int`, `map_diff`, `null`…).
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .float: return "float"
        case .string: return "string"
        case .bytes: return "bytes"
        case .list: return "list"
        case .map: return "map"
        case .set: return "set"
        case .path: return "path"
        case .timestamp: return "timestamp"
        case .duration: return "duration"
        case .latlng: return "latlng"
        case .mapDiff: return "map_diff"
        }
    }

    /// Whether `value is type` holds; `number` accepts ints and floats, `null` is of no type.
    func isType(_ type: RuleTypeName) -> Bool {
        switch (type, self) {
        case (.bool, .bool), (.bytes, .bytes), (.duration, .duration), (.float, .float), (.int, .int),
            (.latlng, .latlng), (.list, .list), (.map, .map), (.map_diff, .mapDiff), (.path, .path),
            (.set, .set), (.string, .string), (.timestamp, .timestamp):
            return true
        case (.number, .int), (.number, .float):
            return true
        default:
            return false
        }
    }

    /// True for `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// True only for the boolean `true`: the one value that makes an allow condition grant.
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }

    /// Builds a set value from elements, dropping later duplicates.
    static func set(of elements: [RuleValue]) -> RuleValue {
        .set(RuleSet(elements))
    }

    /// A set of strings (the shape `MapDiff` methods return).
    static func stringSet(_ strings: [String]) -> RuleValue {
        .set(RuleSet(strings.map { RuleValue.string($0) }))
    }
}
