internal import LMDB

/// What `Engine.verify()` found in a data directory.
package struct VerificationReport: Sendable, CustomStringConvertible {
    /// Documents stored.
    package var documents = 0
    /// Missing documents kept because they have sub-collections.
    package var phantoms = 0
    /// Collections in the catalog.
    package var collections = 0
    /// Earlier document versions kept for reads at a past time.
    package var historyEntries = 0
    /// Commit log entries.
    package var logEntries = 0
    /// Single-field and composite index entries.
    package var indexEntries = 0
    /// Every inconsistency found, in words; empty when the directory is healthy.
    package var problems: [String] = []

    /// True when no problem was found.
    package var isHealthy: Bool { problems.isEmpty }

    /// A short summary.
    package var description: String {
        "\(documents) documents, \(phantoms) missing parents, \(collections) collections, "
            + "\(historyEntries) history entries, \(logEntries) log entries, \(indexEntries) index entries: "
            + (problems.isEmpty ? "healthy" : "\(problems.count) problem(s)")
    }
}

extension Engine {
    /// Checks the whole data directory: every record decodes, every key matches the catalog, every
    /// record's ancestors have records, every missing parent still has sub-collections, the
    /// history and commit log decode, and the index tables hold exactly the entries the documents
    /// imply (each expected entry present with its data, and no others). Runs in one read transaction (it pins the file's pages while
    /// it runs: use it offline or off the hot path).
    package func verify() throws(FirestoreError) -> VerificationReport {
        try readIndexed { txn in try StorageVerifier(store: store, txn: txn).run() }
    }
}

/// The checks behind `Engine.verify()`.
struct StorageVerifier {
    let store: DocumentStore
    let txn: ReadTransaction

    struct Record: Hashable {
        let db: UInt32
        let path: String
    }

    func run() throws -> VerificationReport {
        var report = VerificationReport()
        var collections: [UInt64: (db: UInt32, path: ResourcePath)] = [:]
        try txn.scan(in: store.tables.collectionPaths, from: nil, to: nil) { key, value in
            guard let number = key.bigEndianUInt64(at: 0), let db = value.bigEndianUInt32(at: 0) else {
                report.problems.append("collpaths: undecodable entry \(StorageKeys.describe(key: key))")
                return true
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: value[4...]), as: UTF8.self)
            collections[number] = (db, ResourcePath(uncheckedSegments: text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)))
            return true
        }
        report.collections = collections.count
        for (number, entry) in collections {
            let found = try store.catalog.collectionNumber(db: entry.db, path: entry.path, in: txn, remember: false)
            if found != number { report.problems.append("collections: '\(entry.path)' maps to \(String(describing: found)), not \(number)") }
        }

        var records: [Record: Bool] = [:]  // record → is a phantom
        var expectedIndex = (single: 0, composite: 0)
        try txn.scan(in: store.tables.documents, from: nil, to: nil) { key, value in
            guard let db = key.bigEndianUInt32(at: 0), let number = key.bigEndianUInt64(at: 4),
                  let collection = collections[number], collection.db == db else {
                report.problems.append("documents: key outside the catalog \(StorageKeys.describe(key: key))")
                return true
            }
            let idBytes = UnsafeRawBufferPointer(rebasing: key[12...])
            do {
                let record = try DocumentRecord.decode(value)
                var id = StorageKeys.id(fromKeyPart: idBytes)
                if StorageKeys.isShortened(idKeyLength: idBytes.count) {
                    guard let full = record.fullID, StorageKeys.idKey(full) == Array(idBytes) else {
                        report.problems.append("documents: shortened key without a matching full id in \(collection.path)")
                        return true
                    }
                    id = full
                }
                records[Record(db: db, path: collection.path.appending(id).canonicalString)] = record.contents == nil
                if let contents = record.contents {
                    try checkIndex(
                        key: DocumentKey(unchecked: collection.path.appending(id)), fields: contents.fields, db: db,
                        collection: number, expected: &expectedIndex, report: &report)
                }
            } catch {
                report.problems.append("documents: \(collection.path): \(error)")
            }
            return true
        }
        report.documents = records.values.filter { !$0 }.count
        report.phantoms = records.values.filter { $0 }.count

        var parentsWithChildren: Set<Record> = []
        for record in records.keys {
            let segments = record.path.split(separator: "/").map(String.init)
            guard segments.count > 2 else { continue }
            let parent = Record(db: record.db, path: segments.dropLast(2).joined(separator: "/"))
            parentsWithChildren.insert(parent)
            if records[parent] == nil { report.problems.append("documents: \(record.path) has no record for its parent") }
        }
        for (record, isPhantom) in records where isPhantom && !parentsWithChildren.contains(record) {
            report.problems.append("documents: missing parent \(record.path) has no sub-collection left")
        }

        try txn.scan(in: store.tables.history, from: nil, to: nil) { key, value in
            report.historyEntries += 1
            if key.count != 4 + StorageKeys.pathHashBytes + 8 { report.problems.append("history: malformed key") }
            do { _ = try DocumentRecord.decode(value) } catch { report.problems.append("history: \(error)") }
            return true
        }
        try txn.scan(in: store.tables.changes, from: nil, to: nil) { _, value in
            report.logEntries += 1
            do { _ = try ChangeRecord.decode(value) } catch { report.problems.append("changes: \(error)") }
            return true
        }
        let storedSingle = try txn.count(in: store.tables.index)
        let storedComposite = try txn.count(in: store.tables.composite)
        report.indexEntries = storedSingle + storedComposite
        if storedSingle != expectedIndex.single {
            report.problems.append("index: \(storedSingle) entries, but the documents imply \(expectedIndex.single)")
        }
        if storedComposite != expectedIndex.composite {
            report.problems.append("composite: \(storedComposite) entries, but the documents imply \(expectedIndex.composite)")
        }
        let next = try store.catalog.readCounter(MetaKey.nextCollection, in: txn, default: 1)
        if let highest = collections.keys.max(), highest >= next {
            report.problems.append("meta: next collection number \(next) is not above the highest in use (\(highest))")
        }
        return report
    }

    /// Checks that every index entry `fields` imply is stored with the right data, and counts them.
    private func checkIndex(
        key: DocumentKey, fields: [String: Value], db: UInt32, collection: UInt64,
        expected: inout (single: Int, composite: Int), report: inout VerificationReport
    ) throws {
        let single = IndexEntries.entries(key: key, fields: fields, db: db, collection: collection, groupScope: store.groupScope)
        let definitions = store.indexes.indexes(for: key.collectionPath.lastSegment ?? "")
        let composite = IndexEntries.compositeEntries(
            key: key, fields: fields, db: db, collection: collection, definitions: definitions)
        expected.single += single.count
        expected.composite += composite.count
        for (table, entries, name) in [(store.tables.index, single, "index"), (store.tables.composite, composite, "composite")] {
            for (entryKey, data) in entries where try txn.get(entryKey, in: table) != data {
                report.problems.append("\(name): entry of \(key.path) missing or wrong")
            }
        }
    }
}
