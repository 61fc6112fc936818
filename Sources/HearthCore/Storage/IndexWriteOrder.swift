/// Orders a large set of index writes cheaply by their keys, so that applying them walks the
/// B-tree from left to right: consecutive puts land on the same (cached, already dirty) pages
/// instead of random ones. Measured on a 200k-document bulk load: applying a 66k-document
/// backlog (~1M puts) took 0.6–0.9 s in this order against 1.5–2.6 s unordered.
enum IndexWriteOrder {
    /// A write's place in the order: its key's first 32 bytes as four big-endian integers (zero
    /// padded), then its position in the list given.
    private struct SortKey {
        var p0: UInt64
        var p1: UInt64
        var p2: UInt64
        var p3: UInt64
        var position: Int
    }

    /// `writes` ordered by their keys' first 32 bytes, writes that agree there kept in the order
    /// given. Not a full key sort — writes sharing 32 bytes but differing later may stay out of key
    /// order — but all locality needs, at a fraction of the cost of comparing whole keys: most
    /// pairs of a low-cardinality field tie on their first 32 bytes, and a full comparison sort
    /// measured 5× slower. A backlog lists its documents by collection and id, so the entries of
    /// one short field value (which differ only by document name) do come out in key order.
    static func sorted(_ writes: [IndexWrites.Write]) -> [IndexWrites.Write] {
        guard writes.count > 1 else { return writes }
        var order = writes.indices.map { position in sortKey(of: writes[position].key, position: position) }
        order.sort(by: precedes)
        return order.map { writes[$0.position] }
    }

    /// The order of two sort keys.
    @inline(__always)
    private static func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.p0 != b.p0 { return a.p0 < b.p0 }
        if a.p1 != b.p1 { return a.p1 < b.p1 }
        if a.p2 != b.p2 { return a.p2 < b.p2 }
        if a.p3 != b.p3 { return a.p3 < b.p3 }
        return a.position < b.position
    }

    /// The sort key of `key` at `position`.
    private static func sortKey(of key: [UInt8], position: Int) -> SortKey {
        key.withUnsafeBufferPointer { bytes in
            SortKey(
                p0: word(bytes, at: 0), p1: word(bytes, at: 8), p2: word(bytes, at: 16), p3: word(bytes, at: 24),
                position: position)
        }
    }

    /// Bytes `start ..< start + 8` of `bytes` as a big-endian integer, missing bytes as zero.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt64 {
        var value: UInt64 = 0
        let end = min(start + 8, bytes.count)
        var index = start
        while index < end {
            value = value << 8 | UInt64(bytes[index])
            index += 1
        }
        // Shift the bytes read to the top so a short key compares as if padded with zeros.
        let read = max(end - start, 0)
        return read == 0 ? 0 : (read == 8 ? value : value << UInt64(8 * (8 - read)))
    }
}
