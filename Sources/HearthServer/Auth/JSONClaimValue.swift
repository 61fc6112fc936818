import HearthCore

/// A JSON value decoded from a token's claims, convertible to a rules `Value`.
enum JSONClaimValue: Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONClaimValue])
    case object([String: JSONClaimValue])

    /// Decodes any JSON value.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSONClaimValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONClaimValue].self))
        }
    }

    /// The rules value of this JSON value.
    var value: Value {
        switch self {
        case .null: .null
        case .bool(let flag): .boolean(flag)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.value))
        case .object(let fields): .map(fields.mapValues(\.value))
        }
    }
}
