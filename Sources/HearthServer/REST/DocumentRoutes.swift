import FirestoreWire
import Foundation
import HearthCore

/// Firestore's REST paths under `/v1/projects/{p}/databases/{d}/documents…`, mapped onto
/// `FirestoreOperations` with gRPC transcoding's rules (custom `:verb`s, segment parity for GET).
struct DocumentRoutes {
    /// The operations.
    let operations: FirestoreOperations

    /// The response, or nil when no route matches.
    func respond(to request: RESTRequest, target: RESTTarget, access: AccessContext) async throws(FirestoreError) -> RESTResponse? {
        var segments = target.path.dropFirst("/v1/".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var verb: String?
        if let last = segments.last, let colon = last.lastIndex(of: ":") {
            verb = String(last[last.index(after: colon)...])
            segments[segments.count - 1] = String(last[..<colon])
        }
        guard segments.count >= 5, segments[0] == "projects", segments[2] == "databases", segments[4] == "documents" else {
            return nil
        }
        let database = segments[0...3].joined(separator: "/")
        let root = database + "/documents"
        let path = Array(segments.dropFirst(5))
        let name = ([root] + path).joined(separator: "/")
        let body = request.body
        switch (request.method, verb) {
        case ("POST", let verb?):
            return try await post(verb: verb, database: database, parent: name, isRoot: path.isEmpty, body: body, access: access)
        case ("GET", nil) where !path.isEmpty && path.count % 2 == 0:
            var message = Google_Firestore_V1_GetDocumentRequest()
            message.name = name
            if let mask = target.mask("mask") { message.mask = mask }
            if let transaction = target.value("transaction") { message.transaction = try RESTJSON.bytes(transaction) }
            if let readTime = target.value("readTime") ?? target.value("read_time") { message.readTime = try RESTJSON.timestamp(readTime) }
            return try RESTJSON.response(try await operations.getDocument(message, access: access))
        case ("GET", nil) where path.count % 2 == 1:
            var message = Google_Firestore_V1_ListDocumentsRequest()
            message.parent = ([root] + path.dropLast()).joined(separator: "/")
            message.collectionID = path[path.count - 1]
            if let size = target.value("pageSize") ?? target.value("page_size") { message.pageSize = try RESTJSON.int32(size) }
            message.pageToken = target.value("pageToken") ?? target.value("page_token") ?? ""
            message.orderBy = target.value("orderBy") ?? target.value("order_by") ?? ""
            if let mask = target.mask("mask") { message.mask = mask }
            if let missing = target.value("showMissing") ?? target.value("show_missing") { message.showMissing = try RESTJSON.bool(missing) }
            return try RESTJSON.response(try operations.listDocuments(message, access: access))
        case ("POST", nil) where path.count % 2 == 1:
            var message = Google_Firestore_V1_CreateDocumentRequest()
            message.parent = ([root] + path.dropLast()).joined(separator: "/")
            message.collectionID = path[path.count - 1]
            message.documentID = target.value("documentId") ?? target.value("document_id") ?? ""
            message.document = try RESTJSON.decode(Google_Firestore_V1_Document.self, from: body)
            if let mask = target.mask("mask") { message.mask = mask }
            return try RESTJSON.response(try await operations.createDocument(message, access: access))
        case ("PATCH", nil) where !path.isEmpty && path.count % 2 == 0:
            var message = Google_Firestore_V1_UpdateDocumentRequest()
            message.document = try RESTJSON.decode(Google_Firestore_V1_Document.self, from: body)
            message.document.name = name
            if let mask = target.mask("updateMask") ?? target.mask("update_mask") { message.updateMask = mask }
            if let mask = target.mask("mask") { message.mask = mask }
            if let precondition = try target.precondition() { message.currentDocument = precondition }
            return try RESTJSON.response(try await operations.updateDocument(message, access: access))
        case ("DELETE", nil) where !path.isEmpty && path.count % 2 == 0:
            var message = Google_Firestore_V1_DeleteDocumentRequest()
            message.name = name
            if let precondition = try target.precondition() { message.currentDocument = precondition }
            try await operations.deleteDocument(message, access: access)
            return .json("{}")
        default:
            return nil
        }
    }

    private func post(
        verb: String, database: String, parent: String, isRoot: Bool, body: Data, access: AccessContext
    ) async throws(FirestoreError) -> RESTResponse? {
        switch verb {
        case "runQuery":
            var message = try RESTJSON.decode(Google_Firestore_V1_RunQueryRequest.self, from: body)
            message.parent = parent
            return try RESTJSON.response(streaming: try await operations.runQuery(message, access: access))
        case "runAggregationQuery":
            var message = try RESTJSON.decode(Google_Firestore_V1_RunAggregationQueryRequest.self, from: body)
            message.parent = parent
            return try RESTJSON.response(streaming: try await operations.runAggregationQuery(message, access: access))
        case "partitionQuery":
            var message = try RESTJSON.decode(Google_Firestore_V1_PartitionQueryRequest.self, from: body)
            message.parent = parent
            return try RESTJSON.response(try operations.partitionQuery(message, access: access))
        case "listCollectionIds":
            var message = try RESTJSON.decode(Google_Firestore_V1_ListCollectionIdsRequest.self, from: body)
            message.parent = parent
            return try RESTJSON.response(try operations.listCollectionIDs(message, access: access))
        default:
            break
        }
        guard isRoot else { return nil }
        switch verb {
        case "executePipeline":
            var message = try RESTJSON.decode(Google_Firestore_V1_ExecutePipelineRequest.self, from: body)
            message.database = database
            return try RESTJSON.response(streaming: try await operations.executePipeline(message, access: access))
        case "batchGet":
            var message = try RESTJSON.decode(Google_Firestore_V1_BatchGetDocumentsRequest.self, from: body)
            message.database = database
            return try RESTJSON.response(streaming: try await operations.batchGetDocuments(message, access: access))
        case "beginTransaction":
            var message = try RESTJSON.decode(Google_Firestore_V1_BeginTransactionRequest.self, from: body)
            message.database = database
            return try RESTJSON.response(try operations.beginTransaction(message))
        case "commit":
            var message = try RESTJSON.decode(Google_Firestore_V1_CommitRequest.self, from: body)
            message.database = database
            return try RESTJSON.response(try await operations.commit(message, access: access))
        case "rollback":
            var message = try RESTJSON.decode(Google_Firestore_V1_RollbackRequest.self, from: body)
            message.database = database
            try operations.rollback(message)
            return .json("{}")
        case "batchWrite":
            var message = try RESTJSON.decode(Google_Firestore_V1_BatchWriteRequest.self, from: body)
            message.database = database
            return try RESTJSON.response(try await operations.batchWrite(message, access: access))
        case "listen", "write":
            throw FirestoreError(.unimplemented, "\(verb) is only available over gRPC.")
        default:
            return nil
        }
    }
}
