import LMDB

/// One entry of a document listing: a document, or (with "show missing") a path with no document
/// that has sub-collections.
package struct ListedDocument: Sendable, Equatable {
    /// The document's key.
    package var key: DocumentKey
    /// The document, or nil for a missing document that has sub-collections.
    package var document: Document?
}

/// One page of a listing and the token for the next page (nil on the last page).
package struct Page<Element: Sendable>: Sendable {
    /// The entries of this page, in order.
    package var items: [Element]
    /// Pass this to get the next page; nil when there is none.
    package var nextPageToken: String?
}

extension DocumentStore {
    /// Lists the records of the collection at `path` in document-id order (`NumericDocumentID.compare`), after
    /// `afterID` (exclusive) when given, at most `limit` of them, phantoms included only when asked.
    func listDocuments(
        db: UInt32, path: ResourcePath, afterID: String?, limit: Int, includeMissing: Bool, in txn: ReadTransaction
    ) throws -> (entries: [ListedDocument], hasMore: Bool) {
        guard let collection = try catalog.collectionNumber(db: db, path: path, in: txn) else { return ([], false) }
        let prefix = StorageKeys.documentsPrefix(db: db, collection: collection)
        var start = prefix
        if let afterID { start += Array(StorageKeys.idKey(afterID).prefix(StorageKeys.maxVerbatimIDBytes)) }
        var gathered: [(id: String, entry: ListedDocument)] = []
        var groupPrefix: [UInt8]?  // the 440-byte prefix of the last shortened key gathered
        var hasMore = false
        try txn.scan(in: tables.documents, from: start, to: StorageKeys.successor(ofPrefix: prefix)) { rawKey, value in
            let idBytes = UnsafeRawBufferPointer(rebasing: rawKey[prefix.count...])
            let shortened = StorageKeys.isShortened(idKeyLength: idBytes.count)
            let verbatim = Array(idBytes.prefix(StorageKeys.maxVerbatimIDBytes))
            if gathered.count >= limit && !(shortened && verbatim == groupPrefix) {
                hasMore = true
                return false
            }
            let id = shortened ? (try DocumentRecord.fullID(of: value) ?? "") : StorageKeys.id(fromKeyPart: idBytes)
            if let afterID, NumericDocumentID.compare(id, afterID) <= 0 { return true }
            let record = try DocumentRecord.decode(value)
            guard includeMissing || record.contents != nil else { return true }
            groupPrefix = shortened ? verbatim : nil
            let key = DocumentKey(unchecked: path.appending(id))
            gathered.append((id, ListedDocument(key: key, document: record.document(key: key))))
            return true
        }
        gathered.sort { NumericDocumentID.compare($0.id, $1.id) < 0 }  // only runs of long ids can be out of order
        if gathered.count > limit {
            gathered.removeLast(gathered.count - limit)
            hasMore = true
        }
        return (gathered.map(\.entry), hasMore)
    }

    /// The ids of the collections directly under `parent` that hold records (every collection
    /// ever used there with `includeEmpty`), in UTF-8 order.
    func collectionIDs(db: UInt32, parent: ResourcePath, includeEmpty: Bool = false, in txn: ReadTransaction) throws -> [String] {
        let prefix = StorageKeys.childrenPrefix(db: db, parent: parent)
        var ids: [String] = []
        try txn.scan(in: tables.children, from: prefix, to: StorageKeys.successor(ofPrefix: prefix)) { _, value in
            guard let collection = value.bigEndianUInt64(at: 0) else {
                throw FirestoreError(.dataLoss, "Corrupt stored collection entry.")
            }
            if try includeEmpty || collectionHasRecords(db: db, collection: collection, in: txn) {
                ids.append(String(decoding: UnsafeRawBufferPointer(rebasing: value[8...]), as: UTF8.self))
            }
            return true
        }
        ids.sort { String.compareUTF8($0, $1) < 0 }
        return ids
    }
}

extension DocumentStore {
    /// The paths of every collection in database `db` whose id is `collectionID` (any id when
    /// nil), at any depth. Scans the collection catalog (one entry per collection ever used).
    func collectionPaths(db: UInt32, collectionID: String?, in txn: ReadTransaction) throws -> [ResourcePath] {
        var paths: [ResourcePath] = []
        try txn.scan(in: tables.collectionPaths, from: nil, to: nil) { _, value in
            guard let owner = value.bigEndianUInt32(at: 0) else {
                throw FirestoreError(.dataLoss, "Corrupt stored collection path.")
            }
            guard owner == db else { return true }
            let path = String(decoding: UnsafeRawBufferPointer(rebasing: value[4...]), as: UTF8.self)
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if let collectionID, segments.last.map({ String.equalUTF8($0, collectionID) }) != true { return true }
            paths.append(ResourcePath(uncheckedSegments: segments))
            return true
        }
        return paths
    }
}
