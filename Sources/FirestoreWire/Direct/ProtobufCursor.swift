import HearthCore

/// Why a direct decoder gave a request back: something it does not take (an unusual encoding, a
/// field it does not know, a value the core refuses). The caller then decodes the request with
/// SwiftProtobuf, which answers it exactly as before, errors included.
package struct DirectDecodingDeclined: Error {}

/// Reads protobuf's wire format from bytes in place: tags, varints, fixed 64-bit words and
/// length-delimited fields. Anything malformed declines rather than guessing.
struct ProtobufCursor {
    /// Wire type of varint fields.
    static let varint = 0
    /// Wire type of fixed 64-bit fields.
    static let fixed64 = 1
    /// Wire type of length-delimited fields (strings, bytes, messages).
    static let lengthDelimited = 2

    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    /// A cursor at the start of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// True when every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next field's number and wire type.
    mutating func tag() throws(DirectDecodingDeclined) -> (field: Int, wireType: Int) {
        let key = try varint()
        guard key <= UInt64(UInt32.max), key >> 3 != 0 else { throw DirectDecodingDeclined() }
        return (Int(key >> 3), Int(key & 7))
    }

    /// The next varint (at most ten bytes, as protobuf allows).
    mutating func varint() throws(DirectDecodingDeclined) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw DirectDecodingDeclined()
    }

    /// The next little-endian 64-bit word.
    mutating func fixed64() throws(DirectDecodingDeclined) -> UInt64 {
        guard bytes.count - position >= 8 else { throw DirectDecodingDeclined() }
        let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        position += 8
        return UInt64(littleEndian: word)
    }

    /// The next length-delimited field's bytes (the cursor moves past them).
    mutating func delimited() throws(DirectDecodingDeclined) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[try delimitedRange()])
    }

    /// Where the next length-delimited field's bytes are, as offsets into the cursor's bytes (the
    /// cursor moves past them).
    mutating func delimitedRange() throws(DirectDecodingDeclined) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(bytes.count - position) else { throw DirectDecodingDeclined() }
        let start = position
        position += Int(length)
        return start..<position
    }

    /// Moves past a field of wire type `wireType` without reading it.
    mutating func skip(wireType: Int) throws(DirectDecodingDeclined) {
        switch wireType {
        case Self.varint: _ = try varint()
        case Self.fixed64: _ = try fixed64()
        case Self.lengthDelimited: _ = try delimited()
        default: throw DirectDecodingDeclined()
        }
    }

    /// The UTF-8 text of a string field's bytes (protobuf requires valid UTF-8).
    static func string(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> String {
        guard UTF8Validation.isValid(bytes) else { throw DirectDecodingDeclined() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs a core conversion; its error declines (SwiftProtobuf's path then reports it).
    static func converting<T>(_ body: () throws(FirestoreError) -> T) throws(DirectDecodingDeclined) -> T {
        do { return try body() } catch { throw DirectDecodingDeclined() }
    }
}
