package import HearthCore

/// A minimal protocol-buffers wire-format reader over a byte array: varints, fixed 64-bit values,
/// length-delimited ranges and (for the legacy entity format) groups.
package struct WireReader {
    /// Where the reader is, for errors: the file and the file offset of `bytes[0]`'s record.
    package struct Origin: Sendable {
        /// The file the bytes came from.
        package var file: String
        /// The file offset of the record holding the bytes.
        package var offset: Int64

        /// Creates an origin.
        package init(file: String, offset: Int64) {
            self.file = file
            self.offset = offset
        }
    }

    /// The wire types of the protocol-buffers encoding.
    package enum WireType: UInt8 {
        /// A base-128 varint.
        case varint = 0
        /// Eight little-endian bytes.
        case fixed64 = 1
        /// A varint length, then that many bytes.
        case lengthDelimited = 2
        /// The start of a group (legacy).
        case startGroup = 3
        /// The end of a group (legacy).
        case endGroup = 4
        /// Four little-endian bytes.
        case fixed32 = 5
    }

    private let bytes: [UInt8]
    private(set) var position: Int
    private let end: Int
    /// Where the bytes came from (named in errors).
    package let origin: Origin

    /// Reads `bytes[range]` (the whole array by default).
    package init(_ bytes: [UInt8], range: Range<Int>? = nil, origin: Origin) {
        self.bytes = bytes
        self.position = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
        self.origin = origin
    }

    /// True when every byte of the range was read.
    package var isAtEnd: Bool { position >= end }

    /// The next field's number and wire type, or nil at the end of the range.
    package mutating func nextTag() throws(FirestoreError) -> (field: Int, type: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        guard let type = WireType(rawValue: UInt8(key & 7)), key >> 3 > 0, key >> 3 <= UInt64(Int32.max) else {
            throw damaged("an invalid field key \(key)")
        }
        return (Int(key >> 3), type)
    }

    /// A base-128 varint.
    package mutating func varint() throws(FirestoreError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            guard shift < 64 else { throw damaged("a varint longer than ten bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw damaged("a varint cut off by the end of its message")
    }

    /// Eight little-endian bytes.
    package mutating func fixed64() throws(FirestoreError) -> UInt64 {
        guard end - position >= 8 else { throw damaged("a fixed 64-bit value cut off") }
        var result: UInt64 = 0
        for index in 0..<8 { result |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += 8
        return result
    }

    /// The range of a length-delimited field's bytes (the reader moves past them).
    package mutating func lengthDelimited() throws(FirestoreError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw damaged("a length of \(length) runs past its message") }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    /// A reader over a length-delimited field (a nested message).
    package mutating func message() throws(FirestoreError) -> WireReader {
        WireReader(bytes, range: try lengthDelimited(), origin: origin)
    }

    /// The UTF-8 text of a length-delimited field.
    package mutating func string() throws(FirestoreError) -> String {
        try string(in: try lengthDelimited())
    }

    /// A reader over `range` of the same bytes (a field read earlier with `lengthDelimited()`).
    package func subreader(_ range: Range<Int>) -> WireReader { WireReader(bytes, range: range, origin: origin) }

    /// A copy of `range` of the bytes.
    package func bytes(in range: Range<Int>) -> [UInt8] { Array(bytes[range]) }

    /// `range` of the bytes as UTF-8 text.
    package func string(in range: Range<Int>) throws(FirestoreError) -> String {
        let text = bytes.withUnsafeBytes { raw in UTF8Validation.string(UnsafeRawBufferPointer(rebasing: raw[range])) }
        guard let text else {
            throw TransferError.invalid(origin.file, offset: origin.offset, "a string that is not valid UTF-8.")
        }
        return text
    }

    /// The bytes of a length-delimited field.
    package mutating func data() throws(FirestoreError) -> [UInt8] { Array(bytes[try lengthDelimited()]) }

    /// Skips a field of `type` (a group up to its matching end).
    package mutating func skip(_ type: WireType, field: Int) throws(FirestoreError) {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed32:
            guard end - position >= 4 else { throw damaged("a fixed 32-bit value cut off") }
            position += 4
        case .startGroup:
            while let tag = try nextTag() {
                if tag.type == .endGroup {
                    guard tag.field == field else { throw damaged("a group closed with the wrong field number") }
                    return
                }
                try skip(tag.type, field: tag.field)
            }
            throw damaged("a group that is never closed")
        case .endGroup: throw damaged("an unexpected end of group")
        }
    }

    /// The error for malformed bytes.
    package func damaged(_ what: String) -> FirestoreError {
        TransferError.damaged(origin.file, offset: origin.offset, "malformed entity: \(what).")
    }
}
