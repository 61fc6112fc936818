import Foundation
import HearthCore

extension FirestoreOperations {
    /// GetDocument: one document, or `NOT_FOUND`.
    func getDocument(_ request: Google_Firestore_V1_GetDocumentRequest, access: AccessContext) throws(FirestoreError) -> Google_Firestore_V1_Document {
        let (database, key) = try ResourceName.document(request.name)
        let mask = try FieldMask.optional(request.mask, present: request.hasMask)
        let read = try resolve(request.selector, in: database)
        guard let document = try engine.getDocument(key, in: database, consistency: read.consistency, access: access) else {
            throw FirestoreError(.notFound, "Document \"\(request.name)\" not found.")
        }
        return ProtoDocument.proto(document, in: database, mask: mask)
    }

    /// BatchGetDocuments: every requested document as `found` or `missing`, each with the read time.
    func batchGetDocuments(
        _ request: Google_Firestore_V1_BatchGetDocumentsRequest, access: AccessContext
    ) throws(FirestoreError) -> [Google_Firestore_V1_BatchGetDocumentsResponse] {
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
        let found = try engine.getDocuments(keys, in: database, consistency: read.consistency, access: access)
        var responses: [Google_Firestore_V1_BatchGetDocumentsResponse] = []
        for (name, entry) in zip(names, found) {
            var response = Google_Firestore_V1_BatchGetDocumentsResponse()
            if let document = entry.document {
                response.found = ProtoDocument.proto(document, in: database, mask: mask)
            } else {
                response.missing = name
            }
            response.readTime = read.readTime.proto
            responses.append(response)
        }
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
        let page = try engine.listDocuments(
            in: database, collection: parent.appending(request.collectionID),
            pageSize: request.pageSize == 0 ? nil : Int(request.pageSize),
            pageToken: request.pageToken.isEmpty ? nil : request.pageToken,
            showMissing: request.showMissing, access: access)
        var response = Google_Firestore_V1_ListDocumentsResponse()
        response.documents = page.items.map { entry in
            entry.document.map { ProtoDocument.proto($0, in: database, mask: mask) }
                ?? ProtoDocument.nameOnly(entry.key, in: database)
        }
        response.nextPageToken = page.nextPageToken ?? ""
        return response
    }

    /// ListCollectionIds: the collection ids under a document or the root.
    func listCollectionIDs(
        _ request: Google_Firestore_V1_ListCollectionIdsRequest, access: AccessContext
    ) throws(FirestoreError) -> Google_Firestore_V1_ListCollectionIdsResponse {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard request.pageSize >= 0 else {
            throw FirestoreError(.invalidArgument, "page_size must not be negative, but was \(request.pageSize).")
        }
        let page = try engine.listCollectionIDs(
            in: database, parent: parent.isEmpty ? nil : try DocumentKey(path: parent),
            pageSize: request.pageSize == 0 ? nil : Int(request.pageSize),
            pageToken: request.pageToken.isEmpty ? nil : request.pageToken, access: access)
        var response = Google_Firestore_V1_ListCollectionIdsResponse()
        response.collectionIds = page.items
        response.nextPageToken = page.nextPageToken ?? ""
        return response
    }
}
