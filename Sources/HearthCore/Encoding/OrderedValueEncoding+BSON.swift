// The BSON types in OrderedValueEncoding (ascending forms; ranks in OrderedValueEncoding.swift):
//   15  MinKey          —
//   55  BSON timestamp  seconds: 4 bytes big-endian, increment: 4 bytes big-endian
//   75  BSON binary     subtype: 1 byte, escaped data (as bytes)
//   85  ObjectId        its 12 bytes
//   95  regex           escaped pattern, escaped options
//   130 MaxKey          —
//   40  Int32           as the int64 of equal value (equal values, equal bytes)
//   40  Decimal128      as the int64 or double it equals; NaN as rank 30; any other decimal d lies
//                       between the double F below it and the next double, with no int64 between
//                       (`NumberForm`), and is written F (8 sortable bytes), 0xFF 0xFF, then a tail.
//
// Why a decimal's form is exact and prefix-free: an int64 or double is F then R with R < 1024, so
// 0xFF 0xFF after F sorts after every one of them with the same F (and after whatever a key holds
// after them), and before F⁺'s. Decimals sharing F share a sign (F < d < F⁺ never straddles zero
// but at 0, where F = 0 and every d is positive); their tail is, for a positive d, its leading
// exponent + 32768 as 2 bytes big-endian, its digits as 1…10 each, and 0x00 — ordered like the
// decimals and prefix-free (no trailing zeros, so a shorter run of digits is the smaller) — and for
// a negative d the same bytes complemented (order reversed, still prefix-free).

extension OrderedValueEncoding {
    /// Appends the ascending encoding of a BSON value.
    static func writeBSON(_ bson: BSONValue, into bytes: inout [UInt8]) {
        switch bson {
        case .minKey:
            bytes.append(Rank.minKey.rawValue)
        case .maxKey:
            bytes.append(Rank.maxKey.rawValue)
        case .int32(let small):
            bytes.append(Rank.number.rawValue)
            writeNumber(integer: Int64(small), into: &bytes)
        case .decimal128(let decimal):
            writeNumber(decimal.numberForm, into: &bytes)
        case .timestamp(let seconds, let increment):
            bytes.append(Rank.bsonTimestamp.rawValue)
            ByteWriter.writeUInt32BigEndian(seconds, into: &bytes)
            ByteWriter.writeUInt32BigEndian(increment, into: &bytes)
        case .binary(let subtype, let data):
            bytes.append(Rank.bsonBinary.rawValue)
            bytes.append(subtype)
            data.withUnsafeBufferPointer { writeEscaped($0, into: &bytes) }
        case .objectID(let id):
            bytes.append(Rank.objectID.rawValue)
            bytes += id
        case .regex(let pattern, let options):
            bytes.append(Rank.regex.rawValue)
            writeEscaped(pattern, into: &bytes)
            writeEscaped(options, into: &bytes)
        }
    }

    /// Appends a number's rank and form (NaN's rank alone for nil).
    private static func writeNumber(_ form: NumberForm?, into bytes: inout [UInt8]) {
        switch form {
        case nil:
            bytes.append(Rank.nan.rawValue)
        case .integer(let integer)?:
            bytes.append(Rank.number.rawValue)
            writeNumber(integer: integer, into: &bytes)
        case .double(let double)?:
            bytes.append(Rank.number.rawValue)
            writeNumber(double: double, into: &bytes)
        case .decimal(let finite, let floor)?:
            bytes.append(Rank.number.rawValue)
            ByteWriter.writeUInt64BigEndian(sortableBits(floor), into: &bytes)
            bytes.append(decimalMarker)
            bytes.append(decimalMarker)
            let start = bytes.count
            let exponent = UInt16(truncatingIfNeeded: finite.adjustedExponent + 32_768)
            bytes.append(UInt8(truncatingIfNeeded: exponent >> 8))
            bytes.append(UInt8(truncatingIfNeeded: exponent))
            for digit in finite.digits { bytes.append(digit + 1) }
            bytes.append(0)
            if finite.negative { complement(&bytes, from: start) }
        }
    }

    /// Both bytes of the remainder field that mark a decimal's form (no int64 or double has it).
    static let decimalMarker: UInt8 = 0xFF

    /// The Decimal128 map whose tail starts at `offset` (after F and the marker), positive when
    /// `negative` is false; nil when no whole tail is there.
    static func readDecimalTail(in bytes: UnsafeRawBufferPointer, at offset: Int, negative: Bool) -> Value? {
        let flip: UInt8 = negative ? 0xFF : 0
        guard bytes.count - offset >= 3 else { return nil }
        let exponent = Int(UInt16(bytes[offset] ^ flip) << 8 | UInt16(bytes[offset + 1] ^ flip)) - 32_768
        var digits: [UInt8] = []
        var index = offset + 2
        while index < bytes.count {
            let byte = bytes[index] ^ flip
            if byte == 0 {
                guard !digits.isEmpty else { return nil }
                let finite = BSONDecimal.Finite(negative: negative, digits: digits, exponent: exponent - (digits.count - 1))
                return .map([BSONValue.Key.decimal128: .string(BSONDecimal(finite: finite).text)])
            }
            guard byte <= 10 else { return nil }
            digits.append(byte - 1)
            index += 1
        }
        return nil
    }
}
