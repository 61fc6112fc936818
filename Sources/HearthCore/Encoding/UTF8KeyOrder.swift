#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Orders strings by their UTF-8 bytes, as Firestore orders map keys and strings.
///
/// Swift's own `String <` compares canonically-normalized Unicode scalars, which is not byte
/// order (and treats `"é"` and `"e\u{301}"` as equal), so the encoders never use it.
package enum UTF8KeyOrder {
    /// True when `lhs`'s UTF-8 bytes sort before `rhs`'s (shorter prefix first).
    @inline(__always)
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// A negative, zero or positive number as `lhs`'s UTF-8 bytes sort before, equal or after `rhs`'s.
    @inline(__always)
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        // Native strings (small ones included) expose contiguous UTF-8 without copying or retaining.
        let fast = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b in
                compareBytes(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
            }
        }
        if let result = fast ?? nil { return result }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in compareBytes(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) }
        }
    }

    /// Lexicographic unsigned byte comparison, shorter prefix first (LMDB's default key order).
    package static func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        compareBytes(a.assumingMemoryBound(to: UInt8.self), b.assumingMemoryBound(to: UInt8.self))
    }

    /// Unsigned lexicographic comparison of two byte buffers; a proper prefix sorts first. Returns -1, 0 or 1.
    package static func compareBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(lhs.count, rhs.count)
        if common > 0, let left = lhs.baseAddress, let right = rhs.baseAddress {
            // memcmp compares as unsigned bytes, as LMDB's default key order does.
            let order = memcmp(left, right, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// Unsigned lexicographic comparison of two byte arrays; a proper prefix sorts first. Returns -1, 0 or 1.
    package static func compareBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in compareBytes(l, r) } }
    }

    /// Compares two paths segment by segment (`NumericDocumentID.compare`: numeric document ids
    /// first and numerically, other segments by UTF-8 bytes); a proper prefix sorts first.
    package static func compareSegments(_ lhs: [String], _ rhs: [String]) -> Int {
        let common = Swift.min(lhs.count, rhs.count)
        for index in 0..<common {
            let result = NumericDocumentID.compare(lhs[index], rhs[index])
            if result != 0 { return result }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// True when both lists hold the same segments byte for byte.
    package static func equalSegments(_ lhs: [String], _ rhs: [String]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where !String.equalUTF8(lhs[index], rhs[index]) { return false }
        return true
    }

    /// Feeds the segments' bytes to `hasher`, consistently with `equalSegments`.
    package static func hashSegments(_ segments: [String], into hasher: inout Hasher) {
        hasher.combine(segments.count)
        for segment in segments {
            var segment = segment
            segment.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            // 0xFF never occurs in UTF-8, so it separates segments unambiguously.
            hasher.combine(UInt8(0xFF))
        }
    }

    /// Calls `body` with each of the map's entries in ascending UTF-8 key order.
    ///
    /// Sorts (prefix, position) pairs rather than the entries themselves, so that no key or value
    /// is retained or moved while sorting; the prefix (a key's first 8 UTF-8 bytes, big-endian,
    /// zero-padded) settles most comparisons without touching the strings.
    @inline(__always)
    package static func forEachSorted(_ fields: [String: Value], _ body: (String, Value) -> Void) {
        if fields.count <= 1 {
            for (key, value) in fields { body(key, value) }
            return
        }
        let entries = ContiguousArray(fields)
        entries.withUnsafeBufferPointer { entries in
            withUnsafeTemporaryAllocation(of: (prefix: UInt64, index: Int).self, capacity: entries.count) { buffer in
                var order = buffer
                for index in 0 ..< entries.count {
                    order.initializeElement(at: index, to: (prefix(of: entries[index].key), index))
                }
                order.sort { a, b in
                    // Equal prefixes (zero padding included) fall back to the full byte comparison.
                    a.prefix != b.prefix ? a.prefix < b.prefix : compare(entries[a.index].key, entries[b.index].key) < 0
                }
                for item in order { body(entries[item.index].key, entries[item.index].value) }
            }
        }
    }

    /// The first 8 UTF-8 bytes of `string` as a big-endian integer, zero-padded: orders like the
    /// strings do, except that ties need a full comparison.
    @inline(__always)
    package static func prefix(of string: String) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 56
        for byte in string.utf8 {
            result |= UInt64(byte) &<< shift
            if shift == 0 { break }
            shift -= 8
        }
        return result
    }

    /// `prefix(of:)` for bytes already in hand (the stored record's keys): the first 8 bytes as a
    /// big-endian integer, zero-padded, so a shorter key whose bytes all match ties and the
    /// lengths decide.
    @inline(__always)
    package static func prefix(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if bytes.count >= 8 { return UInt64(bigEndian: base.loadUnaligned(as: UInt64.self)) }
        var word: UInt64 = 0
        for index in 0 ..< bytes.count {
            word |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (56 - 8 * index)
        }
        return word
    }

    /// The map's entries sorted by key in UTF-8 byte order.
    package static func sortedEntries(_ fields: [String: Value]) -> [(key: String, value: Value)] {
        var result: [(key: String, value: Value)] = []
        result.reserveCapacity(fields.count)
        forEachSorted(fields) { result.append(($0, $1)) }
        return result
    }
}
