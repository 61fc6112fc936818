/// Building values from literal syntax: map literals and path literals with `$(…)` interpolation.
extension RuleOperations {
    /// A map literal's value: every key must evaluate to a string; a repeated key keeps its last value.
    static func mapLiteral(_ entries: [(key: RuleValue, value: RuleValue)]) throws(RuleError) -> RuleValue {
        var fields: [String: RuleValue] = [:]
        for entry in entries {
            switch entry.key {
            case .string(let key): fields[key] = entry.value
            case .null: throw RuleError.nullValue
            default:
                throw RuleError.unsupported(received: "map key of type \(entry.key.typeName)", expected: "string")
            }
        }
        return .map(fields)
    }

    /// The segments an interpolated value `$(value)` contributes to a path literal: a string is one
    /// segment, an int its decimal text, a path all its segments (spliced).
    static func pathSegments(interpolating value: RuleValue) throws(RuleError) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .int(let number): return [String(number)]
        case .path(let path): return path.segments
        case .null: throw RuleError.nullValue
        default: throw RuleError.unsupported(received: "$(\(value.typeName))", expected: "$(string), $(int), $(path)")
        }
    }
}
