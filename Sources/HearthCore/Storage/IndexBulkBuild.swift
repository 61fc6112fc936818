internal import Foundation
import LMDB

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
    /// Entries sorted in memory per run.
    var runEntries = 65_536
    /// Entries appended per write transaction.
    var appendEntries = 65_536

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

        var runs: [String] = []
        var lastRun: [IndexEntries.Entry] = []
        var from: [UInt8]?
        var paths: [UInt64: ResourcePath] = [:]
        repeat {
            var pending: [IndexEntries.Entry] = []
            pending.reserveCapacity(runEntries + 64)
            from = try environment.read { txn in
                try store.forEachDocument(in: txn, from: from, paths: &paths) { key, fields, db, collection in
                    pending += IndexEntries.entries(key: key, fields: fields, db: db, collection: collection, groupScope: store.groupScope)
                    return pending.count < runEntries
                }
            }
            // The walk read documents all over the file through the map; the page cache keeps them.
            _ = environment.releaseMappedPages()
            pending.sort { IndexEntries.compare($0.key, $1.key) < 0 }
            if from == nil && runs.isEmpty {
                lastRun = pending
            } else {
                let path = work + "/run-\(runs.count)"
                try IndexRunFile.write(pending, to: path)
                runs.append(path)
            }
        } while from != nil

        try environment.write { txn in _ = try txn.deleteRange(in: store.tables.index, from: [], to: nil) }
        var written = 0
        if runs.isEmpty {
            for start in stride(from: 0, to: lastRun.count, by: appendEntries) {
                try append(lastRun[start..<min(start + appendEntries, lastRun.count)])
            }
            written = lastRun.count
        } else {
            var merge = try IndexRunMerge(paths: runs)
            var chunk: [IndexEntries.Entry] = []
            chunk.reserveCapacity(appendEntries)
            while let entry = try merge.next() {
                chunk.append(entry)
                if chunk.count == appendEntries {
                    try append(chunk[...])
                    written += chunk.count
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            try append(chunk[...])
            written += chunk.count
        }
        try environment.write { txn in
            try store.rebuildCompositeEntries(in: txn)
            try store.clearBacklogMarker(in: txn)
        }
        return written
    }

    /// Appends `entries` (in key order, after every key in the table) in one transaction; held in
    /// memory first, so a transaction replayed after the map grew appends the same entries.
    private func append(_ entries: ArraySlice<IndexEntries.Entry>) throws {
        guard !entries.isEmpty else { return }
        try environment.write { txn in
            for index in entries.indices {
                try txn.append(entries[index].value, forKey: entries[index].key, in: store.tables.index)
            }
        }
        _ = environment.releaseMappedPages()
    }
}

/// Merges sorted run files into one sequence in key order (a binary heap of the runs' heads).
struct IndexRunMerge {
    private var readers: [IndexRunReader] = []
    /// The runs' current entries, as a heap ordered by key: `heads[0]` is the smallest.
    private var heads: [(entry: IndexEntries.Entry, run: Int)] = []

    /// Opens every run at `paths` and reads its first entry.
    init(paths: [String]) throws(FirestoreError) {
        for path in paths {
            let reader = try IndexRunReader(path: path)
            readers.append(reader)
            if let first = try reader.next() { push((first, readers.count - 1)) }
        }
    }

    /// The next entry in key order; nil when every run is exhausted.
    mutating func next() throws(FirestoreError) -> IndexEntries.Entry? {
        guard let top = heads.first else { return nil }
        if let following = try readers[top.run].next() {
            heads[0] = (following, top.run)
            siftDown(from: 0)
        } else {
            let last = heads.removeLast()
            if !heads.isEmpty {
                heads[0] = last
                siftDown(from: 0)
            }
        }
        return top.entry
    }

    /// Whether head `a` comes before head `b`.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        IndexEntries.compare(heads[a].entry.key, heads[b].entry.key) < 0
    }

    private mutating func push(_ head: (entry: IndexEntries.Entry, run: Int)) {
        heads.append(head)
        var child = heads.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { return }
            heads.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heads.count else { return }
            var smallest = left
            if left + 1 < heads.count && precedes(left + 1, left) { smallest = left + 1 }
            guard precedes(smallest, parent) else { return }
            heads.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
