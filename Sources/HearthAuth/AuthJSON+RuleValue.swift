package import HearthCore

extension AuthJSON {
    /// The value as the rules see a token claim (`request.auth.token.*`).
    package var ruleValue: Value {
        switch self {
        case .null: .null
        case .bool(let flag): .boolean(flag)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.ruleValue))
        case .object(let fields): .map(fields.mapValues(\.ruleValue))
        }
    }
}
