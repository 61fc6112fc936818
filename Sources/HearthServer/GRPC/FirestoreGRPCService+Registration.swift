import FirestoreWire
import GRPCCore
import GRPCProtobuf
import SwiftProtobuf

extension FirestoreGRPCService {
    /// Registers every method of the service as the generated registration does, but with
    /// `SizeLimitedDeserializer`: the request size limit is checked on the bytes received. Commit
    /// requests are decoded straight into core writes (`CommitRequestDeserializer`).
    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        typealias Method = Firestore.Method
        register(Method.GetDocument.descriptor, in: &router) { try await self.getDocument(request: $0, context: $1) }
        register(Method.ListDocuments.descriptor, in: &router) { try await self.listDocuments(request: $0, context: $1) }
        register(Method.UpdateDocument.descriptor, in: &router) { try await self.updateDocument(request: $0, context: $1) }
        register(Method.DeleteDocument.descriptor, in: &router) { try await self.deleteDocument(request: $0, context: $1) }
        register(Method.BatchGetDocuments.descriptor, in: &router) { try await self.batchGetDocuments(request: $0, context: $1) }
        register(Method.BeginTransaction.descriptor, in: &router) { try await self.beginTransaction(request: $0, context: $1) }
        router.registerHandler(
            forMethod: Method.Commit.descriptor,
            deserializer: CommitRequestDeserializer(sizeLimited: sizeLimited(Method.Commit.descriptor)),
            serializer: ProtobufSerializer<Google_Firestore_V1_CommitResponse>()
        ) { request, context in
            StreamingServerResponse(single: try await self.commit(input: ServerRequest(stream: request), context: context))
        }
        register(Method.Rollback.descriptor, in: &router) { try await self.rollback(request: $0, context: $1) }
        register(Method.RunQuery.descriptor, in: &router) { try await self.runQuery(request: $0, context: $1) }
        register(Method.RunAggregationQuery.descriptor, in: &router) { try await self.runAggregationQuery(request: $0, context: $1) }
        register(Method.ExecutePipeline.descriptor, in: &router) { try await self.executePipeline(request: $0, context: $1) }
        register(Method.PartitionQuery.descriptor, in: &router) { try await self.partitionQuery(request: $0, context: $1) }
        register(Method.Write.descriptor, in: &router) { try await self.write(request: $0, context: $1) }
        register(Method.Listen.descriptor, in: &router) { try await self.listen(request: $0, context: $1) }
        register(Method.ListCollectionIds.descriptor, in: &router) { try await self.listCollectionIds(request: $0, context: $1) }
        register(Method.BatchWrite.descriptor, in: &router) { try await self.batchWrite(request: $0, context: $1) }
        register(Method.CreateDocument.descriptor, in: &router) { try await self.createDocument(request: $0, context: $1) }
    }

    /// Registers one method's streaming handler with the size-limited deserializer.
    private func register<Transport: ServerTransport, Input: SwiftProtobuf.Message, Output: SwiftProtobuf.Message>(
        _ method: MethodDescriptor, in router: inout RPCRouter<Transport>,
        _ handler: @escaping @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) {
        router.registerHandler(
            forMethod: method,
            deserializer: sizeLimited(method) as SizeLimitedDeserializer<Input>,
            serializer: ProtobufSerializer<Output>(), handler: handler)
    }

    /// The size-limited deserializer of `method`'s requests.
    private func sizeLimited<Input: SwiftProtobuf.Message>(_ method: MethodDescriptor) -> SizeLimitedDeserializer<Input> {
        SizeLimitedDeserializer(limit: maxRequestBytes, method: method.method, log: log)
    }
}
