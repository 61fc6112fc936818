import FirestoreWire
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import HearthCore
import SwiftProtobuf

/// Commits requests that were encoded to wire bytes before the clock started, so the load
/// generator's own protobuf encoding (which shares the machine's cores with the server) is not
/// part of the figure; the server decodes and does everything else exactly as for any client.
enum WireBenchEncodedClient {
    /// A `CommitRequest` already in protobuf bytes.
    struct EncodedCommit: Sendable {
        /// The serialized request.
        let bytes: [UInt8]
        /// How many writes it holds (to check the response).
        let writes: Int

        /// Encodes `request`.
        /// - Throws: swift-protobuf's encoding error (not expected for a well-formed message).
        init(_ request: Google_Firestore_V1_CommitRequest) throws {
            bytes = try request.serializedBytes()
            writes = request.writes.count
        }
    }

    /// Sends an `EncodedCommit`'s bytes as they are.
    struct PassThroughSerializer: MessageSerializer {
        func serialize<Bytes: GRPCContiguousBytes>(_ message: EncodedCommit) throws -> Bytes { Bytes(message.bytes) }
    }

    /// Commits `requests` over `connections` connections (each sends its share one at a time); returns seconds.
    static func commit(_ requests: [EncodedCommit], port: Int, connections: Int) async throws -> Double {
        try await WireBenchClient.shared(requests, port: port, connections: connections) { request, client in
            try await commitOne(request, with: client)
        }
    }

    /// Sends one encoded commit and checks that every write got a result.
    private static func commitOne(_ request: EncodedCommit, with client: GRPCClient<HTTP2ClientTransport.Posix>) async throws {
        let results = try await client.unary(
            request: ClientRequest(message: request, metadata: WireBenchClient.metadata),
            descriptor: Google_Firestore_V1_Firestore.Method.Commit.descriptor,
            serializer: PassThroughSerializer(),
            deserializer: ProtobufDeserializer<Google_Firestore_V1_CommitResponse>(),
            options: .defaults
        ) { response in try response.message.writeResults.count }
        guard results == request.writes else {
            throw WireBenchFailure(description: "Commit returned \(results) results for \(request.writes) writes")
        }
    }
}
