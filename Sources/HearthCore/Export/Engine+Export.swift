internal import LMDB

extension Engine {
    /// The databases this directory has a number for (every database ever written), in name order.
    package func storedDatabases() throws(FirestoreError) -> [DatabaseID] {
        try read { txn -> [DatabaseID] in
            var found: [DatabaseID] = []
            try txn.scan(in: store.tables.databases, from: nil, to: nil) { rawKey, _ in
                let name = String(decoding: rawKey, as: UTF8.self)
                // The key is "project/database"; project ids hold no slash.
                if let slash = name.firstIndex(of: "/") {
                    let project = String(name[..<slash])
                    let database = String(name[name.index(after: slash)...])
                    found.append(DatabaseID(uncheckedProject: project, database: database))
                }
                return true
            }
            return found.sorted()
        }
    }

    /// Visits every existing document of `database` (missing parents skipped) from one read
    /// snapshot, collection by collection in storage order; `visit` returns false to stop early.
    ///
    /// Memory stays constant: one record is decoded at a time (plus one path per collection), and
    /// the file's pages already passed are released every `releaseStride` bytes of records. The
    /// snapshot pins its pages until the walk ends, as any long read does.
    package func forEachStoredDocument(
        in database: DatabaseID, _ visit: (Document) throws(FirestoreError) -> Bool
    ) throws(FirestoreError) {
        try read { txn in
            guard let db = try store.catalog.databaseNumber(database, in: txn) else { return }
            var prefix = [UInt8]()
            prefix.appendBigEndian(db)
            var end = [UInt8]()
            end.appendBigEndian(db &+ 1)
            var lastCollection: UInt64?
            var lastPath = ResourcePath.root
            var sinceRelease = 0
            try txn.scan(in: store.tables.documents, from: prefix, to: db == UInt32.max ? nil : end) { rawKey, value in
                guard let collection = rawKey.bigEndianUInt64(at: 4), rawKey.count >= 12 else {
                    throw FirestoreError(.dataLoss, "A documents key is damaged: \(StorageKeys.describe(key: rawKey)).")
                }
                sinceRelease += rawKey.count + value.count
                if sinceRelease >= Self.releaseStride {
                    environment.releaseMappedPages()
                    sinceRelease = 0
                }
                let record = try DocumentRecord.decode(value)
                guard let contents = record.contents else { return true }
                if collection != lastCollection {
                    guard let known = try store.catalog.collectionPath(collection, in: txn) else {
                        throw FirestoreError(.dataLoss, "Collection number \(collection) has no path.")
                    }
                    lastCollection = collection
                    lastPath = known.path
                }
                let id = record.fullID ?? StorageKeys.id(fromKeyPart: UnsafeRawBufferPointer(rebasing: rawKey[12...]))
                let document = Document(
                    key: DocumentKey(unchecked: lastPath.appending(id)), fields: contents.fields,
                    createTime: Timestamp(microseconds: contents.createTime),
                    updateTime: Timestamp(microseconds: contents.updateTime))
                return try visit(document)
            }
        }
    }
}
