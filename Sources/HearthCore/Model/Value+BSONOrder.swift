// How the BSON types order (production's order, as the Python client's order.py states it):
//   MinKey and MaxKey: one value each, all equal;
//   Int32 and Decimal128: numbers, by value against int64 and double values (BSONDecimal.swift);
//   BSON timestamp: seconds, then increment;   BSON binary: subtype, then the data's bytes;
//   ObjectId: its 12 bytes (its hex string, case folded);   regex: pattern, then options (UTF-8).

extension BSONValue {
    /// The rank of this BSON value's type in Firestore's order.
    var typeOrder: Value.TypeOrder {
        switch self {
        case .minKey: .minKey
        case .maxKey: .maxKey
        case .objectID: .objectID
        case .int32: .number
        case .decimal128(let decimal): decimal.kind == .nan ? .nan : .number
        case .regex: .regex
        case .timestamp: .bsonTimestamp
        case .binary: .bsonBinary
        }
    }
}

extension Value {
    /// Where a number of type order `.number` sits on the number line (int64, double, Int32 or
    /// Decimal128); nil for any other value.
    package var numberForm: NumberForm? {
        switch self {
        case .integer(let integer): return .integer(integer)
        case .double(let double): return double.isNaN ? nil : .double(double)
        case .map:
            switch bson {
            case .int32(let small)?: return .integer(Int64(small))
            case .decimal128(let decimal)?: return decimal.numberForm
            default: return nil
            }
        default: return nil
        }
    }

    /// What a sum or an average adds for a BSON number: an Int32 as its integer, a Decimal128 as
    /// the nearest double (NaN and the infinities as themselves); nil for any other value.
    package var bsonSummand: Value? {
        guard case .map(let fields) = self, fields.count == 1 else { return nil }
        switch bson {
        case .int32(let small)?: return .integer(Int64(small))
        case .decimal128(let decimal)?:
            switch decimal.kind {
            case .nan: return .double(.nan)
            case .infinity(let negative): return .double(negative ? -.infinity : .infinity)
            case .finite:
                guard case .string(let text)? = fields[BSONValue.Key.decimal128] else { return nil }
                return Double(text).map(Value.double)
            }
        default: return nil
        }
    }

    /// Compares two values of the same type order where at least one is a BSON map.
    static func compareBSON(_ lhs: Value, _ rhs: Value, type: TypeOrder) -> Int {
        switch type {
        case .null, .minKey, .maxKey, .nan:
            return 0
        case .number:
            guard let left = lhs.numberForm, let right = rhs.numberForm else { return 0 }
            return compareNumbers(left, right)
        default:
            break
        }
        switch (lhs.bson, rhs.bson) {
        case (.objectID(let a)?, .objectID(let b)?):
            return UTF8KeyOrder.compareBytes(a, b)
        case (.regex(let pattern1, let options1)?, .regex(let pattern2, let options2)?):
            let pattern = String.compareUTF8(pattern1, pattern2)
            return pattern != 0 ? pattern : String.compareUTF8(options1, options2)
        case (.timestamp(let seconds1, let increment1)?, .timestamp(let seconds2, let increment2)?):
            return seconds1 != seconds2 ? sign(seconds1, seconds2) : sign(increment1, increment2)
        case (.binary(let subtype1, let data1)?, .binary(let subtype2, let data2)?):
            return subtype1 != subtype2 ? sign(subtype1, subtype2) : UTF8KeyOrder.compareBytes(Array(data1), Array(data2))
        default:
            // Unreachable: equal type orders of BSON maps mean the same BSON type.
            return 0
        }
    }

    /// Compares two places on the number line exactly (see `NumberForm`).
    package static func compareNumbers(_ left: NumberForm, _ right: NumberForm) -> Int {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): return sign(a, b)
        case (.double(let a), .double(let b)): return compareDoubles(a, b)
        case (.double(let a), .integer(let b)): return compareMixed(a, b)
        case (.integer(let a), .double(let b)): return -compareMixed(b, a)
        case (.decimal(_, let floor), .integer(let b)):
            // No int64 lies strictly between floor and the double above it, where the decimal is.
            return compareMixed(floor, b) < 0 ? -1 : 1
        case (.integer, .decimal): return -compareNumbers(right, left)
        case (.decimal(_, let floor), .double(let b)):
            return b <= floor ? 1 : -1
        case (.double, .decimal): return -compareNumbers(right, left)
        case (.decimal(let a, let floorA), .decimal(let b, let floorB)):
            if floorA != floorB { return compareDoubles(floorA, floorB) }
            return BSONDecimal.Finite.compare(a, b)
        }
    }
}
