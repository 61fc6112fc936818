#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ValueCodec {
    /// Walks a field map written by `encodeFields(_:into:)` without building anything, making
    /// every check `decodeFields(_:)` makes, so a later decode of the same bytes cannot fail.
    ///
    /// Returns false when some map's keys are not in strictly ascending UTF-8 order: the codec
    /// always writes them so, and ascending keys are what rules out duplicates without hashing.
    /// Such bytes may still decode; the caller then decodes them eagerly.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) wherever `decodeFields(_:)` would.
    static func skimFields(_ reader: inout ByteReader) throws(FirestoreError) -> Bool {
        try skimFields(&reader, depth: 0)
    }

    private static func skimFields(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) -> Bool {
        let count = try reader.readLength(minimumElementSize: 2)
        var ordered = true
        var previous: UnsafeRawBufferPointer?
        for _ in 0 ..< count {
            let key = try reader.skipString()
            if let previous, !isAscending(previous, key) { ordered = false }
            previous = key
            if try !skimValue(&reader, depth: depth) { ordered = false }
        }
        return ordered
    }

    private static func skimValue(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) -> Bool {
        let at = reader.offset
        let tagByte = try reader.readByte()
        guard let tag = Tag(rawValue: tagByte) else {
            throw ByteReader.corrupt("unknown value tag \(tagByte) at offset \(at).")
        }
        switch tag {
        case .null, .false, .true:
            return true
        case .integer:
            _ = try reader.readZigZag()
        case .double:
            _ = try reader.readUInt64BigEndian()
        case .timestamp:
            _ = try reader.readZigZag()
            guard try reader.readVarint() <= 999_999_999 else {
                throw ByteReader.corrupt("timestamp nanoseconds out of range at offset \(at).")
            }
        case .string:
            _ = try reader.skipString()
        case .bytes:
            _ = try reader.readRawBytes(count: try reader.readLength())
        case .reference:
            _ = try reader.skipString()
            _ = try reader.skipString()
            let count = try reader.readLength()
            guard count > 0, count % 2 == 0 else {
                throw ByteReader.corrupt("reference with \(count) path segments at offset \(at).")
            }
            for _ in 0 ..< count { _ = try reader.skipString() }
        case .geoPoint:
            _ = try reader.readRawBytes(count: 16)
        case .array:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            var ordered = true
            for _ in 0 ..< (try reader.readLength()) where try !skimValue(&reader, depth: depth + 1) { ordered = false }
            return ordered
        case .map:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            return try skimFields(&reader, depth: depth + 1)
        }
        return true
    }

    /// True when `left` sorts strictly before `right` byte by byte (UTF-8 order is byte order).
    ///
    /// The first eight bytes of each, read as big-endian words, settle most pairs of field names
    /// without a call to `memcmp`.
    static func isAscending(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let leftHead = UTF8KeyOrder.prefix(of: left)
        let rightHead = UTF8KeyOrder.prefix(of: right)
        if leftHead != rightHead { return leftHead < rightHead }
        let shared = min(left.count, right.count)
        if shared > 8, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a + 8, b + 8, shared - 8)
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }
}
