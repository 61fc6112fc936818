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
            words = zip(starts, counts).map { start, count in
                count > 8 ? 0 : bytes.withUnsafeBytes { FieldNames.word($0, from: start, count: count) }
            }
        }

        /// Each name of at most 8 bytes as `word` reads it (0 for longer names).
        let words: [UInt64]

        /// How many names there are.
        var count: Int { counts.count }

        /// Up to 8 bytes from `start` of `buffer` packed into a word (little-endian, zero-padded):
        /// equal words of equal counts are equal bytes.
        @inline(__always)
        static func word(_ buffer: UnsafeRawBufferPointer, from start: Int, count: Int) -> UInt64 {
            if count == 8 || (count > 0 && start + 8 <= buffer.count) {
                let loaded = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self))
                return count == 8 ? loaded : loaded & ((1 << UInt64(count * 8)) - 1)
            }
            var word: UInt64 = 0
            for index in 0 ..< count { word |= UInt64(buffer[start + index]) << UInt64(index * 8) }
            return word
        }
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
        let buffer = reader.buffer
        var at = reader.offset
        var found = 0
        var index = 0
        while index < count, found < names.count {
            index += 1
            let keyLength = try length(buffer, &at)
            guard keyLength <= buffer.count - at else { throw ByteReader.corrupt("field name runs past the end at offset \(at).") }
            let keyStart = at
            at += keyLength
            let valueStart = at
            try skipTopLevelValue(buffer, &at)
            let word = keyLength <= 8 ? FieldNames.word(buffer, from: keyStart, count: keyLength) : 0
            for slot in 0 ..< names.count where names.counts[slot] == keyLength {
                let same = if keyLength <= 8 {
                    names.words[slot] == word
                } else {
                    names.bytes.withUnsafeBytes { all in
                        let first = names.starts[slot]
                        return sameBytes(
                            UnsafeRawBufferPointer(rebasing: buffer[keyStart ..< keyStart + keyLength]),
                            UnsafeRawBufferPointer(rebasing: all[first ..< first + keyLength]))
                    }
                }
                guard same else { continue }
                ranges[slot] = valueStart ..< at
                found += 1
                break
            }
        }
    }

    /// Reads a length (varint) at `at` of `buffer`, moving past it.
    @inline(__always)
    private static func length(_ buffer: UnsafeRawBufferPointer, _ at: inout Int) throws(FirestoreError) -> Int {
        guard at < buffer.count else { throw ByteReader.corrupt("truncated length at offset \(at).") }
        let first = buffer.load(fromByteOffset: at, as: UInt8.self)
        if first < 0x80 {
            at += 1
            return Int(first)
        }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[at...]))
        let value = try reader.readLength()
        at += reader.offset
        return value
    }

    /// Moves past a varint of at most 10 bytes at `at` of `buffer`.
    @inline(__always)
    private static func skipVarint(_ buffer: UnsafeRawBufferPointer, _ at: inout Int) throws(FirestoreError) {
        if buffer.count - at >= 8 {
            // Eight bytes at once: the first byte without its continuation bit ends the varint.
            let ends = ~UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self)) & 0x8080_8080_8080_8080
            if ends != 0 {
                at += ends.trailingZeroBitCount / 8 + 1
                return
            }
        }
        let start = at
        while true {
            guard at < buffer.count, at - start < 10 else { throw ByteReader.corrupt("truncated or overlong varint at offset \(start).") }
            let byte = buffer.load(fromByteOffset: at, as: UInt8.self)
            at += 1
            if byte < 0x80 { return }
        }
    }

    /// Moves past the value at `at` of `buffer`: the common scalars inline, others by `skipValue`.
    @inline(__always)
    private static func skipTopLevelValue(_ buffer: UnsafeRawBufferPointer, _ at: inout Int) throws(FirestoreError) {
        guard at < buffer.count else { throw ByteReader.corrupt("truncated value at offset \(at).") }
        switch buffer.load(fromByteOffset: at, as: UInt8.self) {
        case Tag.null.rawValue, Tag.false.rawValue, Tag.true.rawValue:
            at += 1
        case Tag.integer.rawValue:
            at += 1
            try skipVarint(buffer, &at)
        case Tag.timestamp.rawValue:
            at += 1
            try skipVarint(buffer, &at)
            try skipVarint(buffer, &at)
        case Tag.double.rawValue:
            guard buffer.count - at >= 9 else { throw ByteReader.corrupt("truncated double at offset \(at).") }
            at += 9
        case Tag.string.rawValue, Tag.bytes.rawValue:
            at += 1
            let count = try length(buffer, &at)
            guard count <= buffer.count - at else { throw ByteReader.corrupt("string runs past the end at offset \(at).") }
            at += count
        default:
            try skipOtherValue(buffer, &at)
        }
    }

    /// Moves past the value at `at` of `buffer` by `skipValue` (the rarer kinds, kept out of the
    /// inlined common path).
    @inline(never)
    private static func skipOtherValue(_ buffer: UnsafeRawBufferPointer, _ at: inout Int) throws(FirestoreError) {
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[at...]))
        try skipValue(&reader, depth: 0)
        at += reader.offset
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

    /// The integer encoded at `range` of `buffer`, or nil when the value there is not an integer.
    /// - Throws: `FirestoreError` (`DATA_LOSS`) on a malformed integer.
    @inline(__always)
    static func integer(_ buffer: UnsafeRawBufferPointer, at range: Range<Int>) throws(FirestoreError) -> Int64? {
        guard buffer[range.lowerBound] == Tag.integer.rawValue else { return nil }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[range.lowerBound + 1 ..< range.upperBound]))
        return try reader.readZigZag()
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
