/// Appends primitive encodings to a byte array: LEB128 varints, zigzag integers, big-endian
/// fixed-width integers and raw bytes. `ByteReader` reads every one of them back.
///
/// All functions append to an `inout [UInt8]` the caller owns, so an encoder builds one contiguous
/// buffer with no intermediate allocations; `reserve(_:in:)` grows it ahead of a known write.
enum ByteWriter {
    /// Makes room for `extra` more bytes, growing geometrically.
    ///
    /// Plain `reserveCapacity(count + extra)` allocates exactly what is asked, so calling it before
    /// each of many small appends to one buffer would reallocate every time (quadratic); this
    /// at least doubles the capacity whenever it has to grow.
    @inline(__always)
    static func reserve(_ extra: Int, in bytes: inout [UInt8]) {
        let needed = bytes.count + extra
        if needed > bytes.capacity {
            bytes.reserveCapacity(Swift.max(needed, bytes.capacity * 2))
        }
    }

    /// Appends `value` as an unsigned LEB128 varint (7 bits per byte, low group first, 1–10 bytes).
    @inline(__always)
    static func writeVarint(_ value: UInt64, into bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends a non-negative count or length as a varint.
    @inline(__always)
    static func writeLength(_ length: Int, into bytes: inout [UInt8]) {
        writeVarint(UInt64(UInt(bitPattern: length)), into: &bytes)
    }

    /// Appends `value` zigzag-mapped (0, -1, 1, -2, … → 0, 1, 2, 3, …) as a varint.
    @inline(__always)
    static func writeZigZag(_ value: Int64, into bytes: inout [UInt8]) {
        writeVarint(zigZag(value), into: &bytes)
    }

    /// Appends `value` as 4 big-endian bytes.
    @inline(__always)
    static func writeUInt32BigEndian(_ value: UInt32, into bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value &>> 24))
        bytes.append(UInt8(truncatingIfNeeded: value &>> 16))
        bytes.append(UInt8(truncatingIfNeeded: value &>> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value` as 8 big-endian bytes.
    @inline(__always)
    static func writeUInt64BigEndian(_ value: UInt64, into bytes: inout [UInt8]) {
        writeUInt32BigEndian(UInt32(truncatingIfNeeded: value &>> 32), into: &bytes)
        writeUInt32BigEndian(UInt32(truncatingIfNeeded: value), into: &bytes)
    }

    /// Appends raw bytes as they are.
    @inline(__always)
    static func writeBytes(_ source: some Sequence<UInt8>, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: source)
    }

    /// Appends a string as its UTF-8 byte count (varint) followed by the UTF-8 bytes.
    @inline(__always)
    static func writeString(_ string: String, into bytes: inout [UInt8]) {
        let utf8 = string.utf8
        writeLength(utf8.count, into: &bytes)
        bytes.append(contentsOf: utf8)
    }

    /// The zigzag mapping of a signed integer: small magnitudes become small unsigned numbers.
    @inline(__always)
    static func zigZag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value &<< 1) ^ (value &>> 63))
    }

    /// The inverse of `zigZag(_:)`.
    @inline(__always)
    static func unZigZag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value &>> 1) ^ (0 &- (value & 1)))
    }
}
