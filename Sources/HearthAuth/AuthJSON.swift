public import Foundation

/// A JSON value as the Identity Toolkit API sends and receives it (integers kept apart from doubles,
/// so `createdAt` and `passwordUpdatedAt` round-trip exactly).
public enum AuthJSON: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([AuthJSON])
    case object([String: AuthJSON])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
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
        } else if let array = try? container.decode([AuthJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: AuthJSON].self))
        }
    }

    /// Encodes the value as plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// Parses a request body; an empty body is an empty object.
    /// - Throws: `INVALID_ARGUMENT` naming the parser's complaint, as the Auth emulator answers.
    public static func parse(_ data: Data) throws(AuthError) -> AuthJSON {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .object([:]) }
        do {
            return try JSONDecoder().decode(AuthJSON.self, from: data)
        } catch {
            throw AuthError.invalidJSON("Unexpected token in JSON.")
        }
    }

    /// Compact JSON text with sorted keys.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The member named `key` of an object (nil for other values or a JSON null).
    public subscript(key: String) -> AuthJSON? {
        guard case .object(let fields) = self, let value = fields[key], value != .null else { return nil }
        return value
    }

    /// The text of a string (numbers and booleans as their decimal text, as the emulator coerces them).
    public var string: String? {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number) where number.rounded() == number && abs(number) < 1e15: String(Int64(number))
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        default: nil
        }
    }

    /// The flag of a boolean (also `"true"`/`"false"`).
    public var bool: Bool? {
        switch self {
        case .bool(let flag): flag
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }

    /// An integer (also a decimal string), as `validSince` and `createdAt` arrive.
    public var integer: Int64? {
        switch self {
        case .integer(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 9e18: Int64(number)
        case .string(let text): Int64(text)
        default: nil
        }
    }

    /// The strings of an array (a lone string counts as a one-element array).
    public var strings: [String]? {
        switch self {
        case .array(let elements): elements.compactMap(\.string)
        case .string(let text): [text]
        default: nil
        }
    }

    /// The elements of an array.
    public var elements: [AuthJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object.
    public var fields: [String: AuthJSON]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// The object with `key` set to `value` (nil values are left out, as the emulator omits undefined fields).
    public func with(_ key: String, _ value: AuthJSON?) -> AuthJSON {
        guard case .object(var fields) = self else { return self }
        fields[key] = value
        return .object(fields)
    }
}

extension AuthJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// An object literal (nil members dropped).
    public init(dictionaryLiteral elements: (String, AuthJSON?)...) {
        var fields: [String: AuthJSON] = [:]
        for (key, value) in elements { if let value { fields[key] = value } }
        self = .object(fields)
    }
    /// An array literal.
    public init(arrayLiteral elements: AuthJSON...) { self = .array(elements) }
}
