import FirestoreWire
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf

/// The transport's own limit for point reads: a bare gRPC server on the libraries and settings the
/// emulator uses (grpc-swift 2 over NIO HTTP/2, plaintext, loopback) that answers `GetDocument`
/// from a dictionary in memory — no engine, no rules, no mapping. What `hearth serve` can at best
/// reach for the same requests, responses and connections.
struct WireTransportBaseline: RegistrableRPCService {
    /// The documents served, by full resource name, encoded as the emulator sends them.
    let documents: [String: Google_Firestore_V1_Document]

    /// Registers the one method the baseline answers.
    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(
            forMethod: Google_Firestore_V1_Firestore.Method.GetDocument.descriptor,
            deserializer: ProtobufDeserializer<Google_Firestore_V1_GetDocumentRequest>(),
            serializer: ProtobufSerializer<Google_Firestore_V1_Document>(),
            handler: { request, _ in
                let single = try await ServerRequest(stream: request)
                guard let document = documents[single.message.name] else {
                    throw RPCError(code: .notFound, message: "no document \(single.message.name)")
                }
                return StreamingServerResponse(single: ServerResponse(message: document))
            })
    }

    /// Serves `documents` on 127.0.0.1 (an ephemeral port) while `body` runs with that port.
    static func serving<R: Sendable>(
        _ documents: [String: Google_Firestore_V1_Document], _ body: @Sendable (Int) async throws -> R
    ) async throws -> R {
        var config = HTTP2ServerTransport.Posix.Config.defaults
        config.rpc.maxRequestPayloadSize = 4 << 20
        let transport = HTTP2ServerTransport.Posix(
            address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext, config: config)
        let server = GRPCServer(transport: transport, services: [WireTransportBaseline(documents: documents)])
        return try await withThrowingTaskGroup(of: Void.self, returning: R.self) { group in
            group.addTask { try await server.serve() }
            defer { server.beginGracefulShutdown() }
            let address = try await transport.listeningAddress
            guard let port = address.ipv4?.port else {
                throw WireBenchFailure(description: "the bare gRPC server did not listen on IPv4")
            }
            return try await body(port)
        }
    }
}
