// The BSON types of an Enterprise database, as the SDKs write them: maps of one reserved key.
//
//   {"__min__": null}                                   MinKey: below every value but null
//   {"__max__": null}                                   MaxKey: above every value
//   {"__oid__": "<24 hex digits>"}                      ObjectId
//   {"__int__": <integer in Int32's range>}             Int32: a number
//   {"__decimal128__": "<decimal string>"}              Decimal128: a number
//   {"__regex__": {"pattern": s, "options": s}}         Regex (options from "imsux")
//   {"__request_timestamp__": {"seconds": n, "increment": n}}  BSON timestamp (both UInt32)
//   {"__binary__": <bytes: subtype byte, then data>}    BSON binary
//
// They stay maps in storage (as a vector does); `Value.bson` recognises a well-formed one, the
// order (`Value+Order.swift`) and the index encoding treat it as its own type, and validation
// (`Value+Validation.swift`) accepts them only where the database is Enterprise edition.
// See specs/bson-types.md.

/// A BSON value recognised in its reserved single-key map.
package enum BSONValue: Sendable, Equatable {
    /// MinKey.
    case minKey
    /// MaxKey.
    case maxKey
    /// An ObjectId's 12 bytes.
    case objectID([UInt8])
    /// A 32-bit integer.
    case int32(Int32)
    /// A 128-bit decimal.
    case decimal128(BSONDecimal)
    /// A regular expression and its options.
    case regex(pattern: String, options: String)
    /// A BSON timestamp: seconds and an increment.
    case timestamp(seconds: UInt32, increment: UInt32)
    /// BSON binary data: its subtype and bytes.
    case binary(subtype: UInt8, data: ArraySlice<UInt8>)

    /// The reserved keys, one per type.
    package enum Key {
        /// MinKey's key.
        package static let minKey = "__min__"
        /// MaxKey's key.
        package static let maxKey = "__max__"
        /// ObjectId's key.
        package static let objectID = "__oid__"
        /// Int32's key.
        package static let int32 = "__int__"
        /// Decimal128's key.
        package static let decimal128 = "__decimal128__"
        /// Regex's key.
        package static let regex = "__regex__"
        /// BSON timestamp's key.
        package static let timestamp = "__request_timestamp__"
        /// BSON binary's key.
        package static let binary = "__binary__"
        /// Every key.
        package static let all: Set<String> = [minKey, maxKey, objectID, int32, decimal128, regex, timestamp, binary]
    }

    /// The regex options production accepts.
    static let regexOptions: Set<Character> = ["i", "m", "s", "u", "x"]

    /// The BSON value a map holds, or nil when it is not a well-formed BSON map.
    init?(fields: [String: Value]) {
        guard fields.count == 1, let (key, value) = fields.first, Key.all.contains(key),
              let parsed = try? Self.parse(key: key, value: value) else { return nil }
        self = parsed
    }

    /// Parses the value under BSON key `key`; throws the reason it is malformed (a message for
    /// the caller to place), as production words it where known.
    static func parse(key: String, value: Value) throws(BSONMalformed) -> BSONValue {
        switch key {
        case Key.minKey, Key.maxKey:
            guard value == .null else { throw BSONMalformed("The field '\(key)' must hold null") }
            return key == Key.minKey ? .minKey : .maxKey
        case Key.objectID:
            guard case .string(let hex) = value else { throw BSONMalformed("The field '__oid__' must hold a string") }
            guard hex.utf8.count == 24 else { throw BSONMalformed("Object ID hex string has incorrect length.") }
            guard let bytes = hexBytes(hex) else { throw BSONMalformed("Object ID hex string has invalid characters.") }
            return .objectID(bytes)
        case Key.int32:
            guard case .integer(let number) = value else { throw BSONMalformed("The field '__int__' must hold an integer") }
            guard let small = Int32(exactly: number) else {
                let shown = MessageText.withThousandsSeparators(Int(truncatingIfNeeded: number))
                throw BSONMalformed("The field '__int__' value (\(shown)) is too large to be converted to a 32-bit integer.")
            }
            return .int32(small)
        case Key.decimal128:
            guard case .string(let text) = value else {
                throw BSONMalformed("The field '__decimal128__' must hold a string")
            }
            return .decimal128(try BSONDecimal(parsing: text))
        case Key.regex:
            guard case .map(let parts) = value, case .string(let pattern)? = parts["pattern"] else {
                throw BSONMalformed("The field '__regex__' must hold a map with a string 'pattern' and 'options'")
            }
            var options = ""
            if let given = parts["options"] {
                guard case .string(let text) = given else { throw BSONMalformed("The regex 'options' must be a string") }
                options = text
            }
            guard parts.keys.allSatisfy({ $0 == "pattern" || $0 == "options" }) else {
                throw BSONMalformed("The field '__regex__' may hold only 'pattern' and 'options'")
            }
            if let bad = options.first(where: { !regexOptions.contains($0) }) {
                throw BSONMalformed("Invalid regex option '\(bad)'. Supported options are 'i', 'm', 's', 'u', and 'x'.")
            }
            return .regex(pattern: pattern, options: options)
        case Key.timestamp:
            guard case .map(let parts) = value, parts.count == 2 else {
                throw BSONMalformed("The field '__request_timestamp__' must hold a map of 'seconds' and 'increment'")
            }
            let seconds = try unsigned32(parts["seconds"], name: "seconds")
            let increment = try unsigned32(parts["increment"], name: "increment")
            return .timestamp(seconds: seconds, increment: increment)
        case Key.binary:
            guard case .bytes(let bytes) = value else { throw BSONMalformed("The field '__binary__' must hold bytes") }
            guard let subtype = bytes.first else {
                throw BSONMalformed("The field '__binary__' must hold at least its subtype byte")
            }
            return .binary(subtype: subtype, data: bytes.dropFirst())
        default:
            throw BSONMalformed("'\(key)' is not a BSON type")
        }
    }

    /// One of a BSON timestamp's parts: an integer in UInt32's range.
    private static func unsigned32(_ value: Value?, name: String) throws(BSONMalformed) -> UInt32 {
        guard case .integer(let number)? = value else {
            throw BSONMalformed("The field '\(name)' of a BSON timestamp must hold an integer")
        }
        guard let part = UInt32(exactly: number) else {
            let shown = MessageText.withThousandsSeparators(Int(truncatingIfNeeded: number))
            throw BSONMalformed("The field '\(name)' value (\(shown)) does not represent an unsigned 32-bit integer.")
        }
        return part
    }

    /// The bytes of a hex string (either case), or nil when a character is not a hex digit.
    private static func hexBytes(_ hex: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
        var high: UInt8?
        for unit in hex.utf8 {
            let nibble: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }

    /// How the console and descriptions show the value: `ObjectId("…")`, `Int32(5)`, `MinKey`, ….
    package var displayText: String {
        switch self {
        case .minKey: "MinKey"
        case .maxKey: "MaxKey"
        case .objectID(let bytes): "ObjectId(\"\(bytes.map { hexDigit($0 >> 4) + hexDigit($0 & 0xF) }.joined())\")"
        case .int32(let number): "Int32(\(number))"
        case .decimal128(let decimal): "Decimal128(\"\(decimal.text)\")"
        case .regex(let pattern, let options): "/\(pattern)/\(options)"
        case .timestamp(let seconds, let increment): "BSONTimestamp(\(seconds), \(increment))"
        case .binary(let subtype, let data): "BinData(\(subtype), \(data.count) bytes)"
        }
    }

    private func hexDigit(_ nibble: UInt8) -> String { String(nibble, radix: 16) }
}

/// Why a BSON map is malformed: a message naming the rule it breaks.
package struct BSONMalformed: Error, Sendable {
    /// The message.
    package let message: String
    /// A failure with `message`.
    init(_ message: String) { self.message = message }
}

extension BSONValue {
    /// The BSON type's name as the pipeline `type` function gives it (the Python client's
    /// `PipelineDataType`; BSON binary data is `bytes` there, having no name of its own).
    package var typeName: String {
        switch self {
        case .minKey: "min_key"
        case .maxKey: "max_key"
        case .objectID: "object_id"
        case .int32: "int32"
        case .decimal128: "decimal128"
        case .regex: "regex"
        case .timestamp: "request_timestamp"
        case .binary: "bytes"
        }
    }
}

extension Value {
    /// The BSON value this map holds (a well-formed single reserved key), or nil.
    package var bson: BSONValue? {
        guard case .map(let fields) = self, fields.count == 1 else { return nil }
        return BSONValue(fields: fields)
    }
}
