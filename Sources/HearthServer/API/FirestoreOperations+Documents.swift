import FirestoreWire
import Foundation
import HearthCore

extension FirestoreOperations {
    /// GetDocument: one document, or `NOT_FOUND`.
    func getDocument(_ request: Google_Firestore_V1_GetDocumentRequest, access: AccessContext) async throws(FirestoreError) -> Google_Firestore_V1_Document {
        let (database, key) = try ResourceName.document(request.name)
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        let read = try resolve(request.selector, in: database)
        let found = try await engine.getDocument(key, in: database, consistency: read.consistency, access: access)
        usage?.read(1, database: database, collection: key.collectionPath.canonicalString)
        guard let document = found else {
            throw FirestoreError(.notFound, "Document \"\(request.name)\" not found.")
        }
        return ProtoDocument.proto(document, in: database, mask: mask)
    }

    /// BatchGetDocuments: every requested document as `found` or `missing`, each with the read time.
    func batchGetDocuments(
        _ request: Google_Firestore_V1_BatchGetDocumentsRequest, access: AccessContext
    ) async throws(FirestoreError) -> [Google_Firestore_V1_BatchGetDocumentsResponse] {
        let database = try ResourceName.database(request.database)
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        var names: [String] = []
        var keys: [DocumentKey] = []
        var seen: Set<DocumentKey> = []
        for name in request.documents {
            let (_, key) = try ResourceName.document(name, in: database)
            if seen.insert(key).inserted {
                names.append(name)
                keys.append(key)
            }
        }
        let read = try resolve(request.selector, in: database)
        let found = try await engine.getDocuments(keys, in: database, consistency: read.consistency, access: access)
        usage?.read(keys: keys, database: database)
        // Production streams the documents it found first, then the missing ones, each group in
        // request order (the Python client's production-mode `test_get_all` expects it).
        var responses: [Google_Firestore_V1_BatchGetDocumentsResponse] = []
        var missing: [Google_Firestore_V1_BatchGetDocumentsResponse] = []
        for (name, entry) in zip(names, found) {
            var response = Google_Firestore_V1_BatchGetDocumentsResponse()
            response.readTime = read.readTime.proto
            if let document = entry.document {
                response.found = ProtoDocument.proto(document, in: database, mask: mask)
                responses.append(response)
            } else {
                response.missing = name
                missing.append(response)
            }
        }
        responses += missing
        if let transaction = read.newTransaction {
            if responses.isEmpty { responses.append(Google_Firestore_V1_BatchGetDocumentsResponse()) }
            responses[0].transaction = ProtoTransaction.bytes(transaction)
        }
        return responses
    }

    /// ListDocuments: one page of a collection, with missing documents when asked.
    func listDocuments(
        _ request: Google_Firestore_V1_ListDocumentsRequest, access: AccessContext
    ) throws(FirestoreError) -> Google_Firestore_V1_ListDocumentsResponse {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard !request.collectionID.isEmpty else {
            throw FirestoreError(.invalidArgument, "ListDocuments needs a collection_id.")
        }
        try ResourceID.validate(request.collectionID)
        let order = request.orderBy.trimmingCharacters(in: .whitespaces)
        guard order.isEmpty || order == "__name__" || order == "__name__ asc" else {
            throw FirestoreError(.invalidArgument, "ListDocuments supports only order_by \"__name__\" (ascending).")
        }
        guard request.pageSize >= 0 else {
            throw FirestoreError(.invalidArgument, "page_size must not be negative, but was \(request.pageSize).")
        }
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        let collection = parent.appending(request.collectionID)
        let pageSize = request.pageSize == 0 ? nil : Int(request.pageSize)
        let pageToken = request.pageToken.isEmpty ? nil : request.pageToken
        let listed: (items: [(key: DocumentKey, document: Document?)], nextPageToken: String?)
        if case .strong = request.selector {
            let page = try engine.listDocuments(
                in: database, collection: collection, pageSize: pageSize, pageToken: pageToken,
                showMissing: request.showMissing, access: access)
            listed = (page.items.map { ($0.key, $0.document) }, page.nextPageToken)
        } else {
            let consistency = try resolve(request.selector, in: database).consistency
            let documents = try listDocuments(
                in: database, collection: collection, pageSize: pageSize, pageToken: pageToken,
                consistency: consistency, access: access)
            listed = request.showMissing
                ? try addingMissing(to: documents, in: database, collection: collection, pageSize: pageSize,
                                    pageToken: pageToken, consistency: consistency, access: access)
                : documents
        }
        usage?.read(keys: listed.items.compactMap { $0.document == nil ? nil : $0.key }, database: database)
        var response = Google_Firestore_V1_ListDocumentsResponse()
        response.documents = listed.items.map { entry in
            entry.document.map { ProtoDocument.proto($0, in: database, mask: mask) }
                ?? ProtoDocument.nameOnly(entry.key, in: database)
        }
        response.nextPageToken = listed.nextPageToken ?? ""
        return response
    }

    /// A page of a collection's documents inside a transaction or at a read time: a query in name
    /// order from just after the page token's id (the same tokens as a strong listing).
    private func listDocuments(
        in database: DatabaseID, collection: ResourcePath, pageSize: Int?, pageToken: String?,
        consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> (items: [(key: DocumentKey, document: Document?)], nextPageToken: String?) {
        var query = StructuredQuery(
            parent: collection.parent ?? .root, collectionID: collection.lastSegment,
            orderBy: [QueryOrder(FieldPath.documentID)], limit: pageSize.map { $0 + 1 })
        if let pageToken {
            try ResourceID.validate(pageToken, isDocumentID: true)
            let after = DocumentKey(unchecked: collection.appending(pageToken))
            query.startAt = QueryBound(
                values: [.reference(DocumentReferenceValue(database: database, key: after))], before: false)
        }
        let documents = try engine.runQuery(query, in: database, consistency: consistency, access: access)
        let items = documents.prefix(pageSize ?? Int.max).map { (key: $0.key, document: Optional($0)) }
        let more = pageSize.map { documents.count > $0 } ?? false
        return (items, more ? items.last?.key.documentID : nil)
    }

    /// A page of documents at a read time (or in a transaction) with the *missing* documents
    /// (paths with documents below them but no document) of that same time merged in by name.
    private func addingMissing(
        to page: (items: [(key: DocumentKey, document: Document?)], nextPageToken: String?),
        in database: DatabaseID, collection: ResourcePath, pageSize: Int?, pageToken: String?,
        consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> (items: [(key: DocumentKey, document: Document?)], nextPageToken: String?) {
        let size = pageSize ?? Int.max
        // The page ends at its last document when more documents follow; missing entries are
        // gathered from the token up to there (or to the end when the documents ran out).
        let end = page.nextPageToken == nil ? nil : page.items.last?.key
        let start = pageToken.map { DocumentKey(unchecked: collection.appending($0)) }
        let missing = try engine.listMissingDocuments(in: database, collection: collection, consistency: consistency, access: access)
            .filter { key in start.map { $0 < key } ?? true && end.map { key < $0 } ?? true }
            .map { (key: $0, document: Document?.none) }
        let merged = (page.items + missing).sorted { $0.key < $1.key }
        let items = Array(merged.prefix(size))
        let more = page.nextPageToken != nil || merged.count > size
        return (items, more ? items.last?.key.documentID : nil)
    }

    /// ListCollectionIds: the collection ids under a document or the root.
    func listCollectionIDs(
        _ request: Google_Firestore_V1_ListCollectionIdsRequest, access: AccessContext
    ) throws(FirestoreError) -> Google_Firestore_V1_ListCollectionIdsResponse {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard request.pageSize >= 0 else {
            throw FirestoreError(.invalidArgument, "page_size must not be negative, but was \(request.pageSize).")
        }
        var consistency = ReadConsistency.strong
        if case .readTime(let time)? = request.consistencySelector { consistency = .readTime(try Timestamp(proto: time)) }
        let page = try engine.listCollectionIDs(
            in: database, parent: parent.isEmpty ? nil : try DocumentKey(path: parent),
            pageSize: request.pageSize == 0 ? nil : Int(request.pageSize),
            pageToken: request.pageToken.isEmpty ? nil : request.pageToken, consistency: consistency, access: access)
        var response = Google_Firestore_V1_ListCollectionIdsResponse()
        response.collectionIds = page.items
        response.nextPageToken = page.nextPageToken ?? ""
        return response
    }
}
