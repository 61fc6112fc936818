/// Reads the primitives `ByteWriter` writes, straight from borrowed memory (an LMDB value).
///
/// Every read is bounds-checked: running past the end, an over-long varint or invalid UTF-8
/// throws `FirestoreError(.dataLoss, "Corrupt stored data: …")` instead of trapping, so arbitrary
/// bytes can be fed to a decoder safely. The reader borrows `buffer`; it must not outlive the
/// closure that lent it (e.g. `withValue { bytes in … }`).
struct ByteReader {
    /// The bytes being read (borrowed, not owned).
    let buffer: UnsafeRawBufferPointer
    /// The position of the next byte to read.
    package private(set) var offset: Int

    /// Creates a reader positioned at the start of `buffer`.
    @inline(__always)
    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        self.offset = 0
    }

    /// How many bytes are left to read.
    @inline(__always)
    var remaining: Int { buffer.count - offset }

    /// True when every byte has been read.
    @inline(__always)
    var isAtEnd: Bool { offset >= buffer.count }

    /// The error every malformed read throws: `DATA_LOSS` with "Corrupt stored data: `detail`".
    static func corrupt(_ detail: String) -> FirestoreError {
        FirestoreError(.dataLoss, "Corrupt stored data: \(detail)")
    }

    /// Throws unless every byte has been consumed (trailing garbage is corruption).
    func expectEnd() throws(FirestoreError) {
        guard isAtEnd else { throw ByteReader.corrupt("\(remaining) unexpected trailing bytes at offset \(offset).") }
    }

    /// Throws unless at least `count` bytes remain.
    @inline(__always)
    func require(_ count: Int) throws(FirestoreError) {
        guard count >= 0, count <= remaining else {
            throw ByteReader.corrupt("needed \(count) bytes at offset \(offset), only \(remaining) left.")
        }
    }

    /// Reads one byte.
    @inline(__always)
    mutating func readByte() throws(FirestoreError) -> UInt8 {
        try require(1)
        let byte = buffer.load(fromByteOffset: offset, as: UInt8.self)
        offset += 1
        return byte
    }

    /// Reads an unsigned LEB128 varint of at most 10 bytes that fits in 64 bits.
    @inline(__always)
    mutating func readVarint() throws(FirestoreError) -> UInt64 {
        // Fast path: one byte.
        if offset < buffer.count {
            let first = buffer.load(fromByteOffset: offset, as: UInt8.self)
            if first < 0x80 {
                offset += 1
                return UInt64(first)
            }
        }
        return try readVarintSlow()
    }

    /// Moves past a varint of at most 10 bytes without computing it.
    @inline(__always)
    mutating func skipVarint() throws(FirestoreError) {
        let start = offset
        while offset < buffer.count, offset - start < 10 {
            let byte = buffer.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            if byte < 0x80 { return }
        }
        throw ByteReader.corrupt("truncated or overlong varint at offset \(start).")
    }

    private mutating func readVarintSlow() throws(FirestoreError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else { throw ByteReader.corrupt("truncated varint at offset \(start).") }
            let byte = buffer.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            if shift == 63 && byte > 1 { throw ByteReader.corrupt("varint overflows 64 bits at offset \(start).") }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a zigzag varint back into a signed integer.
    @inline(__always)
    mutating func readZigZag() throws(FirestoreError) -> Int64 {
        ByteWriter.unZigZag(try readVarint())
    }

    /// Reads a count or length (varint) and checks that it is at most `remaining / minimumElementSize`,
    /// so a corrupt length can neither overflow nor trigger a huge allocation.
    @inline(__always)
    mutating func readLength(minimumElementSize: Int = 1) throws(FirestoreError) -> Int {
        let at = offset
        let raw = try readVarint()
        guard raw <= UInt64(remaining / max(minimumElementSize, 1)) else {
            throw ByteReader.corrupt("length \(raw) at offset \(at) exceeds the \(remaining) remaining bytes.")
        }
        return Int(raw)
    }

    /// Reads 4 big-endian bytes.
    @inline(__always)
    mutating func readUInt32BigEndian() throws(FirestoreError) -> UInt32 {
        try require(4)
        let value = buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        offset += 4
        return UInt32(bigEndian: value)
    }

    /// Reads 8 big-endian bytes.
    @inline(__always)
    mutating func readUInt64BigEndian() throws(FirestoreError) -> UInt64 {
        try require(8)
        let value = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(bigEndian: value)
    }

    /// The next byte, not consumed.
    @inline(__always)
    func peekByte() throws(FirestoreError) -> UInt8 {
        try require(1)
        return buffer.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Moves past the next `count` bytes.
    @inline(__always)
    mutating func skip(_ count: Int) throws(FirestoreError) {
        try require(count)
        offset += count
    }

    /// Returns the next `count` bytes without copying (borrowed like `buffer`) and skips them.
    @inline(__always)
    mutating func readRawBytes(count: Int) throws(FirestoreError) -> UnsafeRawBufferPointer {
        try require(count)
        let slice = UnsafeRawBufferPointer(rebasing: buffer[offset ..< offset + count])
        offset += count
        return slice
    }

    /// Reads the next `count` bytes into an owned array.
    @inline(__always)
    mutating func readByteArray(count: Int) throws(FirestoreError) -> [UInt8] {
        Array(try readRawBytes(count: count))
    }

    /// Reads a length-prefixed UTF-8 string (as `ByteWriter.writeString` writes it), validating the UTF-8.
    @inline(__always)
    mutating func readString() throws(FirestoreError) -> String {
        let at = offset
        let count = try readLength()
        let raw = try readRawBytes(count: count)
        guard let text = UTF8Validation.string(raw) else {
            throw ByteReader.corrupt("invalid UTF-8 in the string at offset \(at).")
        }
        return text
    }

    /// Checks a length-prefixed string as `readString` does and returns its bytes (borrowed)
    /// without building a `String`.
    @inline(__always)
    mutating func skipString() throws(FirestoreError) -> UnsafeRawBufferPointer {
        let at = offset
        let count = try readLength()
        let raw = try readRawBytes(count: count)
        guard UTF8Validation.isValid(raw) else {
            throw ByteReader.corrupt("invalid UTF-8 in the string at offset \(at).")
        }
        return raw
    }
}
