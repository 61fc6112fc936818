internal import LMDB

extension Engine {
    /// Runs `body` and reports how many distinct pages of the data file its reads were handed (the
    /// leaf page of each key, the first page of each value: `Environment.tracingPages`), for
    /// benchmarks; nothing else may read this engine meanwhile.
    package func pagesTouched<R>(by body: () throws -> R) throws -> (result: R, pages: Int, pageSize: Int) {
        let (result, trace) = try environment.tracingPages(body)
        return (result, trace.pages, trace.pageSize)
    }

    /// The key prefixes of a collection's name entries (`index` table), of its document records
    /// (`documents` table), and of the collection-scope entries of `field`'s values (`index`), for
    /// benchmarks' raw baselines; nil when the collection does not exist.
    package func keyPrefixes(
        of collection: ResourcePath, field: FieldPath = .documentID, in database: DatabaseID
    ) throws(FirestoreError) -> (names: [UInt8], documents: [UInt8], fieldValues: [UInt8])? {
        try read { txn -> (names: [UInt8], documents: [UInt8], fieldValues: [UInt8])? in
            guard let db = try store.catalog.databaseNumber(database, in: txn),
                  let number = try store.catalog.collectionNumber(db: db, path: collection, in: txn)
            else { return nil }
            return (
                IndexKeys.collectionNamePrefix(db: db, collection: collection), StorageKeys.documentsPrefix(db: db, collection: number),
                IndexKeys.header(db: db, scope: .collection, scopeID: number, kind: .value, field: IndexKeys.fieldID(field))
            )
        }
    }
}
