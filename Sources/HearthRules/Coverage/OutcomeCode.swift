/// A compact code for one evaluation outcome, so counting costs no allocation per expression:
/// 0 true, 1 false, 2 error, then one code per value type (`typeNames`).
enum OutcomeCode {
    /// Codes per expression id.
    static let stride = 3 + typeNames.count
    /// The type names of the "other value" codes, in code order (after the first three).
    static let typeNames = [
        "null", "bool", "int", "float", "string", "bytes", "list", "map", "set", "path", "timestamp", "duration",
        "latlng", "map_diff", "constraint",
    ]

    /// The code of `true`.
    static let trueCode: UInt32 = 0
    /// The code of `false`.
    static let falseCode: UInt32 = 1
    /// The code of an error.
    static let errorCode: UInt32 = 2
    /// The code of `null`.
    static let nullCode: UInt32 = 3
    /// The code of a map.
    static let mapCode: UInt32 = 3 + 7

    /// The code of a term's outcome.
    static func code(of term: RuleTerm) -> UInt32 {
        switch term {
        case .value(.bool(true)): return trueCode
        case .value(.bool(false)): return falseCode
        case .value(let value): return 3 + typeIndex(of: value)
        case .symbol(.partialMap): return mapCode
        case .symbol: return 3 + 14
        }
    }

    /// The position of a value's type in `typeNames`.
    private static func typeIndex(of value: RuleValue) -> UInt32 {
        switch value {
        case .null: 0
        case .bool: 1
        case .int: 2
        case .float: 3
        case .string: 4
        case .bytes: 5
        case .list: 6
        case .map: 7
        case .set: 8
        case .path: 9
        case .timestamp: 10
        case .duration: 11
        case .latlng: 12
        case .mapDiff: 13
        }
    }
}
