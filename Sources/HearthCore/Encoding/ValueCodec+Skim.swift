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

    /// Walks one value (see `skimFields`); false when some map inside has keys out of order.
    static func skimValue(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) -> Bool {
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

    /// Field names to find in encoded field maps, laid out flat (one byte buffer, plain offsets)
    /// so that matching a stored key against them touches no reference-counted storage.
    struct FieldNames: Sendable {
        /// The names' UTF-8 bytes, one after another.
        let bytes: [UInt8]
        /// Where each name starts in `bytes`.
        let starts: [Int]
        /// Each name's length in bytes.
        let counts: [Int]

        /// The names `names`, in this order (slot numbers follow it).
        init(_ names: [String]) {
            var bytes: [UInt8] = []
            var starts: [Int] = []
            var counts: [Int] = []
            for name in names {
                starts.append(bytes.count)
                counts.append(name.utf8.count)
                bytes += name.utf8
            }
            self.bytes = bytes
            self.starts = starts
            self.counts = counts
        }

        /// How many names there are.
        var count: Int { counts.count }
    }

    /// Finds in a field map the top-level fields named in `names`: each one's encoded value's
    /// byte range within the reader's buffer goes to `ranges` (same order; untouched for a field
    /// the map lacks). Values are walked by their structure alone (bounds and nesting checked,
    /// UTF-8 not: a found value is checked when `decode` reads it); the walk stops once every
    /// name is found. What a pipeline scan reads of a document without decoding all of it.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on malformed bytes.
    static func findFields(
        _ reader: inout ByteReader, names: FieldNames, into ranges: inout [Range<Int>?]
    ) throws(FirestoreError) {
        let count = try reader.readLength(minimumElementSize: 2)
        var found = 0
        for _ in 0 ..< count where found < names.count {
            let key = try reader.readRawBytes(count: try reader.readLength())
            let start = reader.offset
            try skipValue(&reader, depth: 0)
            for slot in 0 ..< names.count where names.counts[slot] == key.count {
                let first = names.starts[slot]
                let same = names.bytes.withUnsafeBytes { all in
                    sameBytes(key, UnsafeRawBufferPointer(rebasing: all[first ..< first + key.count]))
                }
                guard same else { continue }
                ranges[slot] = start ..< reader.offset
                found += 1
                break
            }
        }
    }

    /// Moves past one value, checking only that it lies within the buffer and is not nested too deep.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on malformed bytes.
    static func skipValue(_ reader: inout ByteReader, depth: Int) throws(FirestoreError) {
        let at = reader.offset
        let tagByte = try reader.readByte()
        guard let tag = Tag(rawValue: tagByte) else {
            throw ByteReader.corrupt("unknown value tag \(tagByte) at offset \(at).")
        }
        switch tag {
        case .null, .false, .true: return
        case .integer: try reader.skipVarint()
        case .double: _ = try reader.readRawBytes(count: 8)
        case .timestamp:
            try reader.skipVarint()
            try reader.skipVarint()
        case .string, .bytes: _ = try reader.readRawBytes(count: try reader.readLength())
        case .reference:
            for _ in 0 ..< 2 { _ = try reader.readRawBytes(count: try reader.readLength()) }
            for _ in 0 ..< (try reader.readLength()) { _ = try reader.readRawBytes(count: try reader.readLength()) }
        case .geoPoint: _ = try reader.readRawBytes(count: 16)
        case .array:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            for _ in 0 ..< (try reader.readLength()) { try skipValue(&reader, depth: depth + 1) }
        case .map:
            guard depth < maximumDepth else { throw tooDeep(at: at) }
            for _ in 0 ..< (try reader.readLength(minimumElementSize: 2)) {
                _ = try reader.readRawBytes(count: try reader.readLength())
                try skipValue(&reader, depth: depth + 1)
            }
        }
    }

    /// Decodes the one value encoded at `range` of `buffer` (a range `findFields` gave).
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on malformed bytes.
    static func decode(_ buffer: UnsafeRawBufferPointer, at range: Range<Int>) throws(FirestoreError) -> Value {
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[range]))
        return try decode(&reader)
    }

    /// Whether two buffers hold the same bytes, compared eight at a time (short keys and names,
    /// where a call to `memcmp` costs more than the comparison).
    @inline(__always)
    static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        var offset = 0
        while offset + 8 <= left.count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < left.count {
            if left[offset] != right[offset] { return false }
            offset += 1
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
