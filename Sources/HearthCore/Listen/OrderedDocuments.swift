/// Documents in query order, held in chunks so that inserting or removing one at its sorted
/// position moves at most a chunk rather than the whole list.
///
/// A query listener keeps its whole result window. In one flat array, a document entering at a
/// random position (auto-IDs are random) moves half the window: at 100k documents about 1.4 MB
/// per insert, so filling a window cost time quadratic in its size. Here a position is found by
/// a binary search over the chunks' last documents and one inside the chunk (O(log n)
/// comparisons), and an index is the sum of the earlier chunks' counts (n / `chunkLimit` additions).
/// Chunks split in half when they pass `chunkLimit` and disappear when empty.
///
/// A value type: copying it (as a snapshot event does) shares the chunks; a later change copies
/// the outer array and the one chunk it touches.
package struct OrderedDocuments: Sendable {
    /// The most documents a chunk holds before it splits.
    static let chunkLimit = 512

    /// Non-empty chunks, each sorted, every document of a chunk sorting before the next chunk's.
    private var chunks: [[Document]] = []
    /// The number of documents held.
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    /// A list holding `sorted` (already in query order).
    package init(sorted: [Document]) {
        let size = Self.chunkLimit / 2
        var start = 0
        chunks.reserveCapacity((sorted.count + size - 1) / size)
        while start < sorted.count {
            let end = min(start + size, sorted.count)
            chunks.append(Array(sorted[start..<end]))
            start = end
        }
        count = sorted.count
    }

    /// Every document, in order (O(n): a snapshot's consumer asks for it, the wire does not).
    package var elements: [Document] {
        var all: [Document] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk) }
        return all
    }

    /// The index the document would have: the first whose document does not sort before it
    /// (its own index when it is present).
    package func index(of document: Document, compare: (Document, Document) -> Int) -> Int {
        let (chunk, offset) = location(of: document, compare: compare)
        return documentsBefore(chunk) + offset
    }

    /// Inserts `document` at its sorted position and returns its index.
    @discardableResult
    package mutating func insert(_ document: Document, compare: (Document, Document) -> Int) -> Int {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[document]]
            return 0
        }
        let (chunk, offset) = location(of: document, compare: compare)
        let index = documentsBefore(chunk) + offset
        chunks[chunk].insert(document, at: offset)
        if chunks[chunk].count > Self.chunkLimit {
            let half = chunks[chunk].count / 2
            let upper = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(upper, at: chunk + 1)
        }
        return index
    }

    /// Removes the document with `document`'s key, found at `document`'s sorted position, and
    /// returns the index it had; nil (nothing removed) when it is not there.
    @discardableResult
    package mutating func remove(_ document: Document, compare: (Document, Document) -> Int) -> Int? {
        let (chunk, offset) = location(of: document, compare: compare)
        guard chunk < chunks.count, offset < chunks[chunk].count, chunks[chunk][offset].key == document.key else { return nil }
        let index = documentsBefore(chunk) + offset
        chunks[chunk].remove(at: offset)
        count -= 1
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        return index
    }

    /// How many documents the chunks before `chunk` hold.
    private func documentsBefore(_ chunk: Int) -> Int {
        var total = 0
        for earlier in chunks[..<chunk] { total += earlier.count }
        return total
    }

    /// The chunk and the offset in it where `document` sorts: the first chunk whose last document
    /// does not sort before it (the last chunk when every document does), then a binary search.
    private func location(of document: Document, compare: (Document, Document) -> Int) -> (chunk: Int, offset: Int) {
        guard !chunks.isEmpty else { return (0, 0) }
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if let last = chunks[middle].last, compare(last, document) < 0 { low = middle + 1 } else { high = middle }
        }
        let chunk = min(low, chunks.count - 1)
        let documents = chunks[chunk]
        var start = 0
        var end = documents.count
        while start < end {
            let middle = (start + end) / 2
            if compare(documents[middle], document) < 0 { start = middle + 1 } else { end = middle }
        }
        return (chunk, start)
    }
}
