internal import Foundation
import LMDB
import Synchronization

/// Builds the whole `index` table from the stored documents by sorting outside LMDB: the
/// entries of every document, in sorted runs spilled to files, merged once and appended in key
/// order, so that each index page is written once, full.
///
/// A load into a new directory leaves its index to this build (`Writer`'s load mode): catching up
/// as it goes would rewrite the same index pages once per catch-up (a 1M-document import wrote
/// 7 GiB for 1.5 GiB of input). Memory stays bounded: one run, and a small buffer per run file.
/// Runs on the writer thread, in several short transactions (the load is unsynced and guarded by
/// its marker, so a crash between them leaves a directory that refuses to open anyway).
struct IndexBulkBuild {
    /// The store whose documents are indexed.
    let store: DocumentStore
    /// Its environment.
    let environment: Environment
    /// About how many entries each thread sorts in memory per run.
    var runEntries = 65_536
    /// Entries appended per write transaction.
    var appendEntries = 65_536
    /// Most memory (estimated, `IndexBacklog.estimatedBytes`) of the decoded documents one batch
    /// holds: large documents end a batch long before its count does (two batches are alive).
    var batchBytes = 24 << 20
    /// Threads computing and sorting entries at once.
    var threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    /// One stored document, decoded by the walk for the threads that compute its entries.
    private typealias Visited = (key: DocumentKey, fields: [String: Value], db: UInt32, collection: UInt64)

    /// Replaces the `index` and `composite` tables' contents with the entries of every stored
    /// document and clears the backlog marker. Returns how many entries it wrote to `index`.
    /// - Throws: storage errors, or `INTERNAL` when a run file cannot be written or read.
    func run() throws -> Int {
        let work = environment.path + "/hearth-index-build"
        try? FileManager.default.removeItem(atPath: work)
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw FirestoreError(.internal, "Building the index: cannot create \(work): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: work) }
        let runs = try writeRuns(into: work)
        try environment.write { txn in _ = try txn.deleteRange(in: store.tables.index, from: [], to: nil) }
        var merge = try IndexRunMerge(paths: runs)
        var chunk = IndexEntryArena()
        var written = 0
        while try merge.next({ key, value in chunk.add(key: key, value: value) }) {
            if chunk.count == appendEntries {
                try append(chunk)
                written += chunk.count
                chunk.removeAll()
            }
        }
        try append(chunk)
        written += chunk.count
        try environment.write { txn in
            try store.rebuildCompositeEntries(in: txn)
            try store.clearBacklogMarker(in: txn)
        }
        return written
    }

    /// Walks the documents in batches; each batch's entries are computed, sorted and written to
    /// run files by `threads` threads (one file each) while this thread walks the next batch.
    /// Returns the files' paths.
    private func writeRuns(into work: String) throws -> [String] {
        var runs: [String] = []
        var from: [UInt8]?
        var paths: [UInt64: ResourcePath] = [:]
        // Documents per batch, adjusted to what earlier batches' documents gave per entry.
        var batchDocuments = 1_024
        var inFlight: (group: DispatchGroup, outcome: RunOutcome, documents: Int)?
        // A walk that fails must not leave threads writing into the work folder it removes.
        defer { inFlight?.group.wait() }
        /// Waits for the batch in flight; throws its error, else adjusts the batch size.
        func finishInFlight() throws(FirestoreError) {
            guard let batch = inFlight else { return }
            inFlight = nil
            batch.group.wait()
            let result = batch.outcome.state.withLock { $0 }
            if let error = result.error { throw error }
            if result.entries > 0 {
                let perDocument = max(1, result.entries / max(batch.documents, 1))
                batchDocuments = max(64, runEntries * threads / perDocument)
            }
        }
        repeat {
            var visited: [Visited] = []
            visited.reserveCapacity(batchDocuments)
            var held = 0
            from = try environment.read { txn in
                try store.forEachDocument(in: txn, from: from, paths: &paths) { key, fields, db, collection in
                    visited.append((key, fields, db, collection))
                    held += IndexBacklog.estimatedBytes(fields)
                    return visited.count < batchDocuments && held < batchBytes
                }
            }
            // The walk read documents all over the file through the map; the page cache keeps them.
            _ = environment.releaseMappedPages()
            try finishInFlight()
            let batch = visited
            let parts = batch.count < 256 ? 1 : threads
            let group = DispatchGroup()
            let outcome = RunOutcome()
            for part in 0..<parts {
                let path = work + "/run-\(runs.count)"
                runs.append(path)
                DispatchQueue.global().async(group: group) { [store] in
                    var arena = IndexEntryArena()
                    for document in batch[(batch.count * part / parts)..<(batch.count * (part + 1) / parts)] {
                        arena.add(IndexEntries.entries(
                            key: document.key, fields: document.fields, db: document.db,
                            collection: document.collection, groupScope: store.groupScope))
                    }
                    arena.sort()
                    do throws(FirestoreError) {
                        try IndexRunFile.write(arena, to: path)
                        outcome.state.withLock { $0.entries += arena.count }
                    } catch {
                        outcome.state.withLock { $0.error = $0.error ?? error }
                    }
                }
            }
            inFlight = (group, outcome, batch.count)
        } while from != nil
        try finishInFlight()
        return runs
    }

    /// Appends the entries of `chunk` (in key order, after every key in the table) in one
    /// transaction; held in memory first, so a transaction replayed after the map grew appends
    /// the same entries.
    private func append(_ chunk: IndexEntryArena) throws {
        guard chunk.count > 0 else { return }
        try environment.write { txn in
            // One cursor for the whole chunk: each append starts from the table's end, where the
            // last one left it, instead of walking down from the root.
            try txn.withCursor(in: store.tables.index) { cursor in
                try chunk.forEach { key, value in try cursor.append(value, forKey: key) }
            }
        }
        _ = environment.releaseMappedPages()
    }
}

/// What the threads writing one batch's runs report: the entries written, the first error.
private final class RunOutcome: Sendable {
    let state = Mutex<(entries: Int, error: FirestoreError?)>((0, nil))
}

/// Merges sorted run files into one sequence in key order (a binary heap of the runs' readers,
/// each positioned on its current entry).
struct IndexRunMerge {
    /// The runs with entries left, as a heap by current key: `heap[0]` has the smallest.
    private var heap: [IndexRunReader] = []
    /// The reader whose entry the last `next` gave, to move on at the following call.
    private var given: IndexRunReader?

    /// Opens every run at `paths` and reads its first entry.
    init(paths: [String]) throws(FirestoreError) {
        for path in paths {
            let reader = try IndexRunReader(path: path)
            if try reader.advance() { push(reader) }
        }
    }

    /// Calls `body` with the next entry in key order (its bytes are valid only inside `body`);
    /// false when every run is exhausted.
    mutating func next(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) throws(FirestoreError) -> Bool {
        if let given {
            self.given = nil
            if try given.advance() {
                siftDown(from: 0)
            } else {
                let last = heap.removeLast()
                if !heap.isEmpty {
                    heap[0] = last
                    siftDown(from: 0)
                }
            }
        }
        guard let top = heap.first else { return false }
        _ = top.withCurrent(body)
        given = top
        return true
    }

    /// Whether reader `a`'s current entry comes before reader `b`'s.
    private func precedes(_ a: Int, _ b: Int) -> Bool { heap[a].compareCurrent(with: heap[b]) < 0 }

    private mutating func push(_ reader: IndexRunReader) {
        heap.append(reader)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count && precedes(left + 1, left) { smallest = left + 1 }
            guard precedes(smallest, parent) else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
