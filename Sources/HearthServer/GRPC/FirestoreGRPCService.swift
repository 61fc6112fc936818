import FirestoreWire
import GRPCCore
import GRPCProtobuf
import SwiftProtobuf
import HearthCore

/// The `google.firestore.v1.Firestore` gRPC service: decodes the caller from the metadata, runs
/// `FirestoreOperations`, and answers with Firestore's statuses.
struct FirestoreGRPCService: Google_Firestore_V1_Firestore.ServiceProtocol {
    /// The transport-independent operations.
    let operations: FirestoreOperations
    /// The running Listen streams (ended with UNAVAILABLE at shutdown).
    let listens: ListenRegistry
    /// The largest request accepted, in bytes (larger ones fail with INVALID_ARGUMENT before they
    /// are decoded: `SizeLimitedDeserializer`; the transport itself resets streams past four times this).
    let maxRequestBytes: Int
    /// How far back Listen resume tokens reach (the engine's history retention).
    let retentionMicroseconds: Int64
    /// How long a Listen client may stop reading before its stream ends (`ListenStallWatch`).
    let listenStallLimit: Duration
    /// Recent Write streams, for resumption.
    let writeStreams: WriteStreamHistory
    /// One log line per request.
    let log: RequestLog

    typealias Firestore = Google_Firestore_V1_Firestore

    func getDocument(
        request: ServerRequest<Google_Firestore_V1_GetDocumentRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_Document> {
        try await unary(request, context) { message, access in try await operations.getDocument(message, access: access) }
    }

    func listDocuments(
        request: ServerRequest<Google_Firestore_V1_ListDocumentsRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_ListDocumentsResponse> {
        try await unary(request, context) { message, access in try operations.listDocuments(message, access: access) }
    }

    func updateDocument(
        request: ServerRequest<Google_Firestore_V1_UpdateDocumentRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_Document> {
        try await unary(request, context) { message, access in try await operations.updateDocument(message, access: access) }
    }

    func deleteDocument(
        request: ServerRequest<Google_Firestore_V1_DeleteDocumentRequest>, context: ServerContext
    ) async throws -> ServerResponse<SwiftProtobuf.Google_Protobuf_Empty> {
        try await unary(request, context) { message, access in
            try await operations.deleteDocument(message, access: access)
            return SwiftProtobuf.Google_Protobuf_Empty()
        }
    }

    func batchGetDocuments(
        request: ServerRequest<Google_Firestore_V1_BatchGetDocumentsRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_BatchGetDocumentsResponse> {
        try await streaming(request, context) { message, access in try await operations.batchGetDocuments(message, access: access) }
    }

    func beginTransaction(
        request: ServerRequest<Google_Firestore_V1_BeginTransactionRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_BeginTransactionResponse> {
        try await unary(request, context) { message, _ in try operations.beginTransaction(message) }
    }

    func commit(
        request: ServerRequest<Google_Firestore_V1_CommitRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_CommitResponse> {
        try await commit(input: ServerRequest(metadata: request.metadata, message: .message(request.message)), context: context)
    }

    /// Commit as registered: the request decoded by `CommitRequestDeserializer`.
    func commit(
        input request: ServerRequest<CommitInput>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_CommitResponse> {
        let response = try await logged(request, resource: request.message.databaseName, context) { input, access in
            switch input {
            case .streamed(let commit):
                if let response = try await operations.commit(commit, access: access) { response } else {
                    // A write the direct decoder declined: nothing was written, and SwiftProtobuf's
                    // path answers the request (its decoding errors included) as it always did.
                    try await operations.commit(
                        ProtobufDeserializer<Google_Firestore_V1_CommitRequest>().deserialize(commit.bytes), access: access)
                }
            case .direct(let commit): try await operations.commit(commit, access: access)
            case .message(let message): try await operations.commit(message, access: access)
            }
        }
        return ServerResponse(message: response)
    }

    func rollback(
        request: ServerRequest<Google_Firestore_V1_RollbackRequest>, context: ServerContext
    ) async throws -> ServerResponse<SwiftProtobuf.Google_Protobuf_Empty> {
        try await unary(request, context) { message, _ in
            try operations.rollback(message)
            return SwiftProtobuf.Google_Protobuf_Empty()
        }
    }

    func runQuery(
        request: ServerRequest<Google_Firestore_V1_RunQueryRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_RunQueryResponse> {
        try await streaming(request, context) { message, access in
            try await operations.runQuery(message, access: access)
        }
    }

    func runAggregationQuery(
        request: ServerRequest<Google_Firestore_V1_RunAggregationQueryRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_RunAggregationQueryResponse> {
        try await streaming(request, context) { message, access in
            try await operations.runAggregationQuery(message, access: access)
        }
    }

    func executePipeline(
        request: ServerRequest<Google_Firestore_V1_ExecutePipelineRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_ExecutePipelineResponse> {
        try await streaming(request, context) { message, access in
            try await operations.executePipeline(message, access: access)
        }
    }

    func partitionQuery(
        request: ServerRequest<Google_Firestore_V1_PartitionQueryRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_PartitionQueryResponse> {
        try await unary(request, context) { message, access in try operations.partitionQuery(message, access: access) }
    }

    /// Write: the SDKs' commit stream (`WriteStreamSession`), one message at a time; a failed
    /// message ends the stream with its status.
    func write(
        request: StreamingServerRequest<Google_Firestore_V1_WriteRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_WriteResponse> {
        let access: AccessContext
        do {
            access = try request.metadata.accessContext()
        } catch let error as RPCError {
            return StreamingServerResponse(error: error)
        }
        let engine = operations.engine
        let history = writeStreams
        let log = self.log
        return StreamingServerResponse { writer in
            var session = WriteStreamSession(engine: engine, access: access, history: history)
            for try await message in request.messages {
                let entry = log.start(method: "Write", resource: RequestResource.name(of: message))
                do {
                    let responses = try await withWireErrors(log: log, method: "Write") {
                        return try await log.tracing(entry) { try await session.handle(message) }
                    }
                    log.finish(entry, access: access, status: .ok)
                    try await writer.write(contentsOf: responses)
                } catch {
                    let failure = WireStatus.firestoreError(error)
                    log.finish(entry, access: access, status: failure.code, detail: failure.message)
                    throw error
                }
            }
            return [:]
        }
    }

    func listCollectionIds(
        request: ServerRequest<Google_Firestore_V1_ListCollectionIdsRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_ListCollectionIdsResponse> {
        try await unary(request, context) { message, access in try operations.listCollectionIDs(message, access: access) }
    }

    func batchWrite(
        request: ServerRequest<Google_Firestore_V1_BatchWriteRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_BatchWriteResponse> {
        try await unary(request, context) { message, access in try await operations.batchWrite(message, access: access) }
    }

    func createDocument(
        request: ServerRequest<Google_Firestore_V1_CreateDocumentRequest>, context: ServerContext
    ) async throws -> ServerResponse<Google_Firestore_V1_Document> {
        try await unary(request, context) { message, access in try await operations.createDocument(message, access: access) }
    }

    /// Runs a unary handler with the caller's access context and Firestore's error statuses.
    private func unary<Request: SwiftProtobuf.Message, Response: Sendable>(
        _ request: ServerRequest<Request>, _ context: ServerContext,
        _ body: (Request, AccessContext) async throws -> Response
    ) async throws -> ServerResponse<Response> {
        ServerResponse(message: try await logged(request, context, body))
    }

    /// Runs a server-streaming handler whose responses are computed up front, then streamed.
    private func streaming<Request: SwiftProtobuf.Message, Response: Sendable>(
        _ request: ServerRequest<Request>, _ context: ServerContext,
        _ body: (Request, AccessContext) async throws -> [Response]
    ) async throws -> StreamingServerResponse<Response> {
        let responses = try await logged(request, context, body)
        return StreamingServerResponse { writer in
            try await writer.write(contentsOf: responses)
            return [:]
        }
    }

    /// Runs `body` for a single-message request: credentials, Firestore's error
    /// statuses, and one request-log line whatever the outcome.
    private func logged<Request: SwiftProtobuf.Message, Result: Sendable>(
        _ request: ServerRequest<Request>, _ context: ServerContext,
        _ body: (Request, AccessContext) async throws -> Result
    ) async throws -> Result {
        try await logged(request, resource: RequestResource.name(of: request.message), context, body)
    }

    /// `logged` for a request whose logged resource the caller names.
    private func logged<Request: Sendable, Result: Sendable>(
        _ request: ServerRequest<Request>, resource: String, _ context: ServerContext,
        _ body: (Request, AccessContext) async throws -> Result
    ) async throws -> Result {
        let method = context.descriptor.method
        let entry = log.start(method: method, resource: resource)
        var access: AccessContext?
        do {
            let result = try await withWireErrors(log: log, method: method) {
                let caller = try request.metadata.accessContext()
                access = caller
                return try await log.tracing(entry) { try await body(request.message, caller) }
            }
            log.finish(entry, access: access, status: .ok)
            return result
        } catch {
            let failure = WireStatus.firestoreError(error)
            log.finish(entry, access: access, status: failure.code, detail: failure.message)
            throw error
        }
    }
}
