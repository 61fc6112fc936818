@testable import HearthCore

/// BSON values in their reserved-map form, for tests.
enum BSON {
    /// MinKey.
    static let minKey: Value = ["__min__": nil]
    /// MaxKey.
    static let maxKey: Value = ["__max__": nil]
    /// An Int32 (unchecked: tests pass out-of-range values too).
    static func int32(_ value: Int64) -> Value { .map(["__int__": .integer(value)]) }
    /// A Decimal128 from its text.
    static func decimal(_ text: String) -> Value { .map(["__decimal128__": .string(text)]) }
    /// An ObjectId from its hex text.
    static func objectID(_ hex: String) -> Value { .map(["__oid__": .string(hex)]) }
    /// A regular expression.
    static func regex(_ pattern: String, _ options: String = "") -> Value {
        .map(["__regex__": .map(["pattern": .string(pattern), "options": .string(options)])])
    }
    /// A BSON timestamp.
    static func timestamp(_ seconds: Int64, _ increment: Int64) -> Value {
        .map(["__request_timestamp__": .map(["seconds": .integer(seconds), "increment": .integer(increment)])])
    }
    /// BSON binary data with `subtype`.
    static func binary(_ subtype: UInt8, _ data: [UInt8]) -> Value { .map(["__binary__": .bytes([subtype] + data)]) }

    /// Decimals where ordering against int64 and double values is delicate.
    static let trickyDecimals: [String] = [
        "0", "-0", "0.000", "1", "1.0", "1.00", "-1", "0.1", "-0.1", "0.5", "2.5", "3", "42", "1e-400", "-1e-400",
        "NaN", "-NaN", "Infinity", "-Infinity", "inf", "9007199254740992", "9007199254740993", "9007199254740993.5",
        "9007199254740992.5", "9007199254740991.5", "-9007199254740993.5", "-9007199254740991.5",
        "9223372036854775807", "9223372036854775807.5", "9223372036854775808", "9223372036854775808.5",
        "-9223372036854775808", "-9223372036854775808.5", "-9223372036854775809", "1.7976931348623157e308",
        "1.8e308", "-1.8e308", "5e-324", "4e-324", "-4e-324", "1e19", "10000000000000000001", "0.30000000000000004",
        "0.3", "0.1000000000000000055511151231257827", "1e6144", "-1e6144", "1234567890123456789012345678901234",
        "4611686018427387904.25", "1e-6176",
    ]

    /// A value of one of the BSON types, drawn from small pools so that ties are common.
    static func random(using random: inout SeededGenerator) -> Value {
        switch random.below(9) {
        case 0: return minKey
        case 1: return maxKey
        case 2: return int32(random.pick([Int64(Int32.min), -2, -1, 0, 1, 2, 42, Int64(Int32.max)]))
        case 3, 4: return decimal(random.pick(trickyDecimals))
        case 5: return objectID(random.pick(["507f191e810c19729de860ea", "507F191E810C19729DE860EA", "000000000000000000000000",
                                             "ffffffffffffffffffffffff", "507f191e810c19729de860eb"]))
        case 6: return regex(random.pick(["", "a", "^foo", "a\0"]), random.pick(["", "i", "im"]))
        case 7: return timestamp(random.pick([0, 1, 4_294_967_295]), random.pick([0, 1, 4_294_967_295]))
        default: return binary(random.pick([0, 1, 128, 255]), random.pick([[], [0], [1, 2, 3], [0xFF]]))
        }
    }
}
