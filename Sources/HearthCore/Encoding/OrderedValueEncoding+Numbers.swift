// Numbers in OrderedValueEncoding: integers and doubles on one exact number line.
//
// A number x (an Int64 or a non-NaN double) is written as 10 bytes, F then R:
//   F  the largest double ≤ x (for a double, x itself, with -0.0 folded into 0.0), as 8 sortable
//      bytes: the IEEE bit pattern with every bit flipped if negative, else only the sign bit
//      flipped, big-endian. Sortable bytes ascend exactly as the doubles do, -∞ … +∞.
//   R  x − F as 2 bytes big-endian: always 0 for doubles; for an integer, the part that Double()
//      could not hold. Below 2^53 every integer is a double, so R = 0; in [2^k, 2^(k+1)) doubles
//      are 2^(k−52) apart, so for |x| < 2^63 the gap (and R) is below 2^10.
//
// Proof that bytes order like numbers: x ↦ F(x) is monotone (x < y ⇒ F(x) ≤ F(y)). If F(x) <
// F(y) the first 8 bytes decide. If F(x) = F(y) = f then x = f + R(x), y = f + R(y), so R decides,
// and x = y ⇔ same F and R. In particular Int64.max (F = 2^63 − 1024, R = 1023) sorts below the
// double 2^63 (F = 2^63, R = 0), and 2^53 + 1 (F = 2^53, R = 1) sorts between 2^53 and 2^53 + 2.

extension OrderedValueEncoding {
    /// Appends the 10-byte form of an integer: the largest double ≤ `integer`, then the remainder.
    @inline(__always)
    static func writeNumber(integer: Int64, into bytes: inout [UInt8]) {
        let (floor, remainder) = doubleFloor(of: integer)
        ByteWriter.writeUInt64BigEndian(sortableBits(floor), into: &bytes)
        bytes.append(UInt8(truncatingIfNeeded: remainder &>> 8))
        bytes.append(UInt8(truncatingIfNeeded: remainder))
    }

    /// Appends the 10-byte form of a non-NaN double: its sortable bits and a zero remainder.
    @inline(__always)
    static func writeNumber(double: Double, into bytes: inout [UInt8]) {
        ByteWriter.writeUInt64BigEndian(sortableBits(double), into: &bytes)
        bytes.append(0)
        bytes.append(0)
    }

    /// The largest double `f ≤ integer` and `integer − f` (in 0 ..< 1024).
    @inline(__always)
    static func doubleFloor(of integer: Int64) -> (floor: Double, remainder: UInt16) {
        var floor = Double(integer)  // rounds to nearest, possibly up
        // 2^63 is the one rounding result beyond Int64's range; every other result converts exactly.
        if floor >= 0x1p63 || Int64(floor) > integer {
            floor = floor.nextDown
        }
        // floor ≤ integer and floor ≥ -2^63 (itself a double), so the conversion is exact.
        let remainder = integer &- Int64(floor)
        return (floor, UInt16(truncatingIfNeeded: remainder))
    }

    /// The double's bits rearranged so that unsigned order is numeric order; -0.0 maps like 0.0,
    /// and NaN (only reachable through a corrupt geopoint) below -∞.
    @inline(__always)
    static func sortableBits(_ double: Double) -> UInt64 {
        if double.isNaN { return 0 }
        let bits = (double == 0 ? 0.0 : double).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}

extension OrderedValueEncoding {
    /// The number whose ascending encoding starts at `offset` of `bytes`: a rank byte then F and R
    /// (or the NaN rank alone). `integer` says which type it was written from (the bytes of an
    /// integer and a double of equal value are the same; index entries carry the type as a
    /// flag). A Decimal128 that is neither comes back as its map. Nil when the bytes there are
    /// not a number (another rank), or are not what `writeNumber` writes.
    static func readNumber(in bytes: UnsafeRawBufferPointer, at offset: Int, integer: Bool) -> Value? {
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case Rank.nan.rawValue:
            return integer ? nil : .double(.nan)
        case Rank.number.rawValue:
            guard bytes.count - offset >= 11, let sortable = bytes.bigEndianUInt64(at: offset + 1) else { return nil }
            let floor = double(sortableBits: sortable)
            let remainder = UInt16(bytes[offset + 9]) << 8 | UInt16(bytes[offset + 10])
            if remainder == 0xFFFF, !integer {
                // A Decimal128 that is neither an int64 nor a double (OrderedValueEncoding+BSON).
                return readDecimalTail(in: bytes, at: offset + 11, negative: sortable & (1 << 63) == 0)
            }
            if !integer && remainder == 0 { return .double(floor) }
            // An integer's floor is a whole double in [-2^63, 2^63) and its remainder below 1024.
            guard remainder < 1_024, let whole = Int64(exactly: floor) else { return nil }
            let (sum, overflow) = whole.addingReportingOverflow(Int64(remainder))
            if overflow { return nil }
            // Unflagged with a remainder: a Decimal128 on the int64 grid (beyond 2^53), not an int64.
            return integer ? .integer(sum) : .map([BSONValue.Key.decimal128: .string(String(sum))])
        default:
            return nil
        }
    }

    /// The double whose `sortableBits` are `sortable` (0.0 for the folded -0.0).
    @inline(__always)
    static func double(sortableBits sortable: UInt64) -> Double {
        Double(bitPattern: sortable & (1 << 63) != 0 ? sortable & ~(1 << 63) : ~sortable)
    }
}
