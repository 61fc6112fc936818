import FirestoreWire
import Foundation
import GRPCCore
import HearthServer
import SwiftProtobuf

/// A gRPC request executed by the emulator's Firestore service over the scratch emulator. Input: a
/// selector byte (bits 0–3 the RPC, 4–5 the caller), then the request message's protobuf bytes —
/// for the Write and Listen streams, up to 16 length-delimited messages. Bytes that do not decode
/// are refused before the service, as the transport's deserializer would. No answer may be
/// INTERNAL or UNKNOWN (an error that escaped Firestore's statuses).
enum GRPCFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        guard let selector = input.first, let endpoints = ScratchEmulator.shared.endpoints() else { return nil }
        let call = GRPCCall(
            service: endpoints.grpc, message: Data(input.dropFirst()), authorization: FuzzCallers.header(selector >> 1))
        let rpc = Int(selector & 15)
        return waitFor { await call.run(rpc) }
    }
}

/// One RPC's execution against the service, with the outcome judged.
struct GRPCCall: Sendable {
    /// The service under test.
    let service: any Google_Firestore_V1_Firestore.ServiceProtocol
    /// The request bytes.
    let message: Data
    /// The `authorization` metadata value, if any.
    let authorization: String?

    typealias Firestore = Google_Firestore_V1_Firestore

    /// Runs RPC number `rpc` (0–15, in the order of the service definition).
    func run(_ rpc: Int) async -> String? {
        switch rpc {
        case 0: await unary(Firestore.Method.GetDocument.descriptor, service.getDocument)
        case 1: await unary(Firestore.Method.ListDocuments.descriptor, service.listDocuments)
        case 2: await unary(Firestore.Method.UpdateDocument.descriptor, service.updateDocument)
        case 3: await unary(Firestore.Method.DeleteDocument.descriptor, service.deleteDocument)
        case 4: await serverStreaming(Firestore.Method.BatchGetDocuments.descriptor, service.batchGetDocuments)
        case 5: await unary(Firestore.Method.BeginTransaction.descriptor, service.beginTransaction)
        case 6:
            // The server decodes Commit directly first (`CommitRequestDeserializer`); the service
            // entry point below takes SwiftProtobuf's message, so the two are compared here.
            if let finding = DirectCommitCheck.compare(message) { finding } else {
                await unary(Firestore.Method.Commit.descriptor, service.commit)
            }
        case 7: await unary(Firestore.Method.Rollback.descriptor, service.rollback)
        case 8: await serverStreaming(Firestore.Method.RunQuery.descriptor, service.runQuery)
        case 9: await serverStreaming(Firestore.Method.RunAggregationQuery.descriptor, service.runAggregationQuery)
        case 10: await unary(Firestore.Method.PartitionQuery.descriptor, service.partitionQuery)
        case 11: await bidirectional(Firestore.Method.Write.descriptor, service.write)
        case 12: await bidirectional(Firestore.Method.Listen.descriptor, service.listen)
        case 13: await unary(Firestore.Method.ListCollectionIds.descriptor, service.listCollectionIds)
        case 14: await unary(Firestore.Method.BatchWrite.descriptor, service.batchWrite)
        default: await unary(Firestore.Method.CreateDocument.descriptor, service.createDocument)
        }
    }

    /// Runs UpdateDocument as `run(2)` does and returns how it ended: nil when it succeeded, else
    /// the status code (an error that is not a gRPC status counts as UNKNOWN; undecodable bytes as
    /// INVALID_ARGUMENT). For the leak replay, which counts successes and refusals.
    func updateDocumentOutcome() async -> RPCError.Code? {
        let descriptor = Firestore.Method.UpdateDocument.descriptor
        guard let request = try? Google_Firestore_V1_UpdateDocumentRequest(serializedBytes: message) else {
            return .invalidArgument
        }
        do {
            let response = try await service.updateDocument(
                request: ServerRequest(metadata: metadata, message: request), context: context(descriptor))
            if case .failure(let error) = response.accepted { return error.code }
            return nil
        } catch {
            return (error as? RPCError)?.code ?? .unknown
        }
    }

    /// The request metadata.
    private var metadata: Metadata {
        var metadata = Metadata()
        if let authorization { metadata.addString(authorization, forKey: "authorization") }
        return metadata
    }

    /// A server context for `descriptor`.
    private func context(_ descriptor: MethodDescriptor) -> ServerContext {
        ServerContext(
            descriptor: descriptor, remotePeer: "ipv4:127.0.0.1:50000", localPeer: "ipv4:127.0.0.1:8080",
            cancellation: ServerContext.RPCCancellationHandle())
    }

    /// A unary RPC.
    private func unary<Request: SwiftProtobuf.Message, Response: Sendable>(
        _ descriptor: MethodDescriptor,
        _ handler: (ServerRequest<Request>, ServerContext) async throws -> ServerResponse<Response>
    ) async -> String? {
        guard let request = try? Request(serializedBytes: message) else { return nil }
        do {
            let response = try await handler(ServerRequest(metadata: metadata, message: request), context(descriptor))
            if case .failure(let error) = response.accepted { return Self.judge(error, descriptor) }
            return nil
        } catch {
            return Self.judge(error, descriptor)
        }
    }

    /// A server-streaming RPC: the responses are read to the end.
    private func serverStreaming<Request: SwiftProtobuf.Message, Response: Sendable>(
        _ descriptor: MethodDescriptor,
        _ handler: (ServerRequest<Request>, ServerContext) async throws -> StreamingServerResponse<Response>
    ) async -> String? {
        guard let request = try? Request(serializedBytes: message) else { return nil }
        do {
            let response = try await handler(ServerRequest(metadata: metadata, message: request), context(descriptor))
            return await Self.drain(response, descriptor)
        } catch {
            return Self.judge(error, descriptor)
        }
    }

    /// A bidirectional stream: the decoded messages, then the client half-closes; the responses are
    /// read to the end.
    private func bidirectional<Request: SwiftProtobuf.Message, Response: Sendable>(
        _ descriptor: MethodDescriptor,
        _ handler: (StreamingServerRequest<Request>, ServerContext) async throws -> StreamingServerResponse<Response>
    ) async -> String? {
        guard let requests: [Request] = Self.delimited(message) else { return nil }
        let stream = AsyncThrowingStream<Request, any Error> { continuation in
            for request in requests { continuation.yield(request) }
            continuation.finish()
        }
        do {
            let request = StreamingServerRequest(metadata: metadata, messages: RPCAsyncSequence(wrapping: stream))
            let response = try await handler(request, context(descriptor))
            return await Self.drain(response, descriptor)
        } catch {
            return Self.judge(error, descriptor)
        }
    }

    /// Up to 16 length-delimited messages, or nil when the bytes are not that.
    static func delimited<Request: SwiftProtobuf.Message>(_ data: Data) -> [Request]? {
        var messages: [Request] = []
        var bytes = data[...]
        while !bytes.isEmpty, messages.count < 16 {
            var length = 0
            var shift = 0
            while true {
                guard let byte = bytes.popFirst(), shift < 28 else { return nil }
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            guard length <= bytes.count else { return nil }
            let end = bytes.index(bytes.startIndex, offsetBy: length)
            guard let message = try? Request(serializedBytes: Data(bytes[bytes.startIndex..<end])) else { return nil }
            messages.append(message)
            bytes = bytes[end...]
        }
        return messages
    }

    /// Reads a streaming response to its end; a failure is judged.
    private static func drain<Response: Sendable>(
        _ response: StreamingServerResponse<Response>, _ descriptor: MethodDescriptor
    ) async -> String? {
        switch response.accepted {
        case .failure(let error):
            return judge(error, descriptor)
        case .success(let contents):
            do {
                _ = try await contents.producer(RPCWriter(wrapping: DiscardingWriter<Response>()))
                return nil
            } catch {
                return judge(error, descriptor)
            }
        }
    }

    /// A finding when the RPC failed with INTERNAL or UNKNOWN, or with an error that is not a gRPC status.
    private static func judge(_ error: any Error, _ descriptor: MethodDescriptor) -> String? {
        guard let error = error as? RPCError else {
            return "\(descriptor.method) failed with a non-gRPC error: \(error)"
        }
        guard error.code == .internalError || error.code == .unknown else { return nil }
        return "\(descriptor.method) failed with \(error.code): \(error.message)"
    }
}

/// Accepts and drops a stream's responses.
struct DiscardingWriter<Element: Sendable>: RPCWriterProtocol {
    /// Drops one response.
    func write(_ element: Element) async throws {}
    /// Drops several.
    func write(contentsOf elements: some Sequence<Element>) async throws {}
}
