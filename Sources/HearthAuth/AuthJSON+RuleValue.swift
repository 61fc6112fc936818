package import HearthCore

extension AuthJSON {
    /// The value as the rules see a token claim (`request.auth.token.*`).
    package var ruleValue: HearthCore.Value {
        switch self {
        case .null: HearthCore.Value.null
        case .bool(let flag): HearthCore.Value.boolean(flag)
        case .integer(let number): HearthCore.Value.integer(number)
        case .double(let number): HearthCore.Value.double(number)
        case .string(let text): HearthCore.Value.string(text)
        case .array(let elements): HearthCore.Value.array(elements.map(\.ruleValue))
        case .object(let fields): HearthCore.Value.map(fields.mapValues(\.ruleValue))
        }
    }
}
