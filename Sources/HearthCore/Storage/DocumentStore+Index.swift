import LMDB

extension DocumentStore {
    /// Brings the `index` and `composite` tables in line with one document change, in the
    /// writer's transaction: removes the entries only the old contents had and adds those only
    /// the new contents have.
    func updateIndex(
        _ change: CommitApplier.Change, db: UInt32, collection: UInt64, in txn: WriteTransaction
    ) throws {
        var writes = IndexWrites()
        indexWrites(key: change.key, from: change.before?.fields, to: change.after?.fields, db: db, collection: collection, into: &writes)
        try writes.apply(tables: tables, txn: txn)
    }

    /// Adds the index writes that take document `key` from `old` contents to `new` (nil: absent).
    /// Each table's writes for one document come out in key order.
    func indexWrites(
        key: DocumentKey, from old: [String: Value]?, to new: [String: Value]?, db: UInt32, collection: UInt64,
        into writes: inout IndexWrites
    ) {
        let oldSingle = old.map { IndexEntries.entries(key: key, fields: $0, db: db, collection: collection, groupScope: groupScope) } ?? []
        let newSingle = new.map { IndexEntries.entries(key: key, fields: $0, db: db, collection: collection, groupScope: groupScope) } ?? []
        IndexWrites.diff(from: oldSingle, to: newSingle, into: &writes.single)
        let definitions = indexes.indexes(for: key.collectionPath.lastSegment ?? "")
        guard !definitions.isEmpty else { return }
        let oldComposite = old.map {
            IndexEntries.compositeEntries(key: key, fields: $0, db: db, collection: collection, definitions: definitions)
        } ?? []
        let newComposite = new.map {
            IndexEntries.compositeEntries(key: key, fields: $0, db: db, collection: collection, definitions: definitions)
        } ?? []
        IndexWrites.diff(from: oldComposite, to: newComposite, into: &writes.composite)
    }

    /// Makes the `composite` table hold exactly the configured indexes' entries: drops indexes no
    /// longer declared, builds newly declared ones from the documents. Returns how many it built.
    func syncCompositeIndexes(in txn: WriteTransaction) throws -> Int {
        var built = Set<UInt64>()
        if let stored = try txn.get(MetaKey.composites, in: tables.meta) {
            for start in stride(from: 0, to: stored.count - 7, by: 8) {
                built.insert(stored[start..<(start + 8)].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) })
            }
        }
        let configured = Dictionary(indexes.indexes.map { ($0.storageID, $0) }, uniquingKeysWith: { first, _ in first })
        for id in built where configured[id] == nil {
            var prefix = [UInt8]()
            prefix.appendBigEndian(id)
            _ = try txn.deleteRange(in: tables.composite, from: prefix, to: StorageKeys.successor(ofPrefix: prefix))
        }
        let missing = configured.values.filter { !built.contains($0.storageID) }
        if !missing.isEmpty { try buildComposite(missing, in: txn) }
        var list = [UInt8]()
        for id in configured.keys.sorted() { list.appendBigEndian(id) }
        try txn.put(list, forKey: MetaKey.composites, in: tables.meta)
        return missing.count
    }

    /// Replaces the `composite` table's contents with the entries of every configured index for
    /// every stored document (`IndexBulkBuild`; nothing to write when none is configured).
    func rebuildCompositeEntries(in txn: WriteTransaction) throws {
        _ = try txn.deleteRange(in: tables.composite, from: [], to: nil)
        if !indexes.indexes.isEmpty { try buildComposite(indexes.indexes, in: txn) }
    }

    /// Adds the entries of `definitions` for every stored document.
    private func buildComposite(_ definitions: [IndexDefinition], in txn: WriteTransaction) throws {
        try writeEntriesOfEveryDocument(to: tables.composite, in: txn) { key, fields, db, collection in
            let applicable = definitions.filter { String.equalUTF8($0.collectionGroup, key.collectionPath.lastSegment ?? "") }
            guard !applicable.isEmpty else { return [] }
            return IndexEntries.compositeEntries(key: key, fields: fields, db: db, collection: collection, definitions: applicable)
        }
    }

    /// Re-indexes when the collection-group scope policy differs from the one the entries were
    /// built with (kept in `meta`). Returns whether it rebuilt.
    func syncGroupScope(in txn: WriteTransaction) throws -> Bool {
        let signature = Array(groupScope.signature.utf8)
        let stored = try txn.get(MetaKey.groupScope, in: tables.meta)
        if stored == signature { return false }
        _ = try rebuildIndex(in: txn)  // also when the key is absent: a new directory has nothing to index
        try txn.put(signature, forKey: MetaKey.groupScope, in: tables.meta)
        return true
    }

    /// Rebuilds the whole `index` table from the documents (opening a directory of an older
    /// schema, or after the group-scope overrides changed), writing runs of about `runEntries`
    /// entries. Returns how many documents were indexed.
    func rebuildIndex(in txn: WriteTransaction, runEntries: Int = rebuildRunEntries) throws -> Int {
        _ = try txn.deleteRange(in: tables.index, from: [], to: nil)
        var indexed = 0
        try writeEntriesOfEveryDocument(to: tables.index, in: txn, runEntries: runEntries) { key, fields, db, collection in
            indexed += 1
            return IndexEntries.entries(key: key, fields: fields, db: db, collection: collection, groupScope: groupScope)
        }
        return indexed
    }

    /// The most index entries a rebuild holds in memory before writing them.
    static let rebuildRunEntries = 65_536

    /// Writes into `table` the entries `entries` gives for every stored document, in sorted runs
    /// of about `runEntries`: memory stays bounded whatever the directory's size. (LMDB
    /// refuses updates while a walk lends its bytes, so the walk stops to write each run and
    /// resumes after the last document it visited.)
    private func writeEntriesOfEveryDocument(
        to table: Database, in txn: WriteTransaction, runEntries: Int = rebuildRunEntries,
        _ entries: (DocumentKey, [String: Value], UInt32, UInt64) throws -> [IndexEntries.Entry]
    ) throws {
        var pending: [IndexEntries.Entry] = []
        var paths: [UInt64: ResourcePath] = [:]
        var from: [UInt8]?
        repeat {
            from = try forEachDocument(in: txn, from: from, paths: &paths) { key, fields, db, collection in
                pending += try entries(key, fields, db, collection)
                return pending.count < runEntries
            }
            pending.sort { IndexEntries.compare($0.key, $1.key) < 0 }
            for entry in pending { try txn.put(entry.value, forKey: entry.key, in: table) }
            pending.removeAll(keepingCapacity: true)
        } while from != nil
    }

    /// Visits the stored documents (phantoms skipped) from the `documents` key `from` on, with
    /// their database and collection numbers, until `visit` returns false; returns the key to
    /// resume from then (nil when the walk reached the end). `paths` remembers collection paths.
    func forEachDocument(
        in txn: ReadTransaction, from: [UInt8]?, paths: inout [UInt64: ResourcePath],
        _ visit: (DocumentKey, [String: Value], UInt32, UInt64) throws -> Bool
    ) throws -> [UInt8]? {
        var resume: [UInt8]?
        try txn.scan(in: tables.documents, from: from, to: nil) { rawKey, value in
            guard let db = rawKey.bigEndianUInt32(at: 0), let collection = rawKey.bigEndianUInt64(at: 4) else {
                throw FirestoreError(.dataLoss, "A documents key is damaged: \(StorageKeys.describe(key: rawKey)).")
            }
            let record = try DocumentRecord.decode(value)
            guard let contents = record.contents else { return true }
            if paths[collection] == nil {
                guard let known = try catalog.collectionPath(collection, in: txn) else {
                    throw FirestoreError(.dataLoss, "Collection number \(collection) has no path.")
                }
                paths[collection] = known.path
            }
            guard let path = paths[collection] else { return true }
            let id = record.fullID ?? StorageKeys.id(fromKeyPart: UnsafeRawBufferPointer(rebasing: rawKey[12...]))
            if try visit(DocumentKey(unchecked: path.appending(id)), contents.fields, db, collection) { return true }
            // The first key after this one: the key itself with a zero byte appended.
            resume = Array(rawKey) + [0]
            return false
        }
        return resume
    }
}
