import FirestoreWire
import GRPCCore
import GRPCNIOTransportHTTP2
import GRPCProtobuf
import HearthCore
import SwiftProtobuf

/// Commits requests that were encoded to wire bytes before the clock started, so the load
/// generator's own protobuf encoding (which shares the machine's cores with the server) is not
/// part of the figure, or that the client encodes with `WireBenchCommitEncoder` as it sends them;
/// the server decodes and does everything else exactly as for any client.
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

    /// The documents of one `CommitRequest`, encoded with `WireBenchCommitEncoder` only as the
    /// client sends it (the encoding is inside the timing, as SwiftProtobuf's is in the plain rows).
    struct DirectCommit: Sendable {
        /// The indexes of the documents set.
        let range: Range<Int>
        /// Their collection.
        let collection: String
        /// The database committed to.
        let database: DatabaseID
    }

    /// Encodes a `DirectCommit` as it is sent.
    struct DirectEncodingSerializer: MessageSerializer {
        func serialize<Bytes: GRPCContiguousBytes>(_ message: DirectCommit) throws -> Bytes {
            Bytes(try WireBenchCommitEncoder.commitRequest(message.range, in: message.collection, database: message.database))
        }
    }

    /// Commits `requests` over `connections` connections (each sends its share one at a time); returns seconds.
    static func commit(_ requests: [EncodedCommit], port: Int, connections: Int) async throws -> Double {
        try await WireBenchClient.shared(requests, port: port, connections: connections) { request, client in
            try await commitOne(request, writes: request.writes, serializer: PassThroughSerializer(), with: client)
        }
    }

    /// Commits `requests`, each encoded as it is sent, over `connections` connections; returns seconds.
    static func commitEncodingDirectly(_ requests: [DirectCommit], port: Int, connections: Int) async throws -> Double {
        try await WireBenchClient.shared(requests, port: port, connections: connections) { request, client in
            try await commitOne(request, writes: request.range.count, serializer: DirectEncodingSerializer(), with: client)
        }
    }

    /// Sends one commit through `serializer` and checks that each of its `writes` got a result.
    private static func commitOne<Serializer: MessageSerializer>(
        _ request: Serializer.Message, writes: Int, serializer: Serializer, with client: GRPCClient<HTTP2ClientTransport.Posix>
    ) async throws where Serializer.Message: Sendable {
        let results = try await client.unary(
            request: ClientRequest(message: request, metadata: WireBenchClient.metadata),
            descriptor: Google_Firestore_V1_Firestore.Method.Commit.descriptor,
            serializer: serializer,
            deserializer: ProtobufDeserializer<Google_Firestore_V1_CommitResponse>(),
            options: .defaults
        ) { response in try response.message.writeResults.count }
        guard results == writes else {
            throw WireBenchFailure(description: "Commit returned \(results) results for \(writes) writes")
        }
    }
}
