import FirestoreWire
import GRPCCore
import GRPCProtobuf

/// A `Commit` request as received: decoded straight into core writes, or SwiftProtobuf's message
/// when the direct decoder declined it.
enum CommitInput: Sendable {
    /// A large request, its writes still being decoded by `DirectCommitDecoder.stream`.
    case streamed(StreamedCommit)
    /// Decoded by `DirectCommitDecoder`.
    case direct(DecodedCommit)
    /// Decoded by SwiftProtobuf (an unusual encoding, or a request that will be refused).
    case message(Google_Firestore_V1_CommitRequest)

    /// The request's `database` field, for the request log.
    var databaseName: String {
        switch self {
        case .streamed(let commit): commit.databaseName
        case .direct(let commit): commit.databaseName
        case .message(let request): request.database
        }
    }
}

/// Decodes `Commit` requests: the size limit first, then `DirectCommitDecoder` (streaming a large
/// request's writes to the writer as they are decoded), then SwiftProtobuf for whatever the direct
/// decoder declines (which then answers exactly as it always did).
struct CommitRequestDeserializer: MessageDeserializer {
    /// The size check and SwiftProtobuf's decoding.
    let sizeLimited: SizeLimitedDeserializer<Google_Firestore_V1_CommitRequest>

    /// The commit in `serializedMessageBytes`.
    /// - Throws: as `SizeLimitedDeserializer` does.
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> CommitInput {
        try sizeLimited.checkSize(of: serializedMessageBytes)
        switch serializedMessageBytes.withUnsafeBytes({ DirectCommitDecoder.read($0) }) {
        case .streamed(let commit): return .streamed(commit)
        case .decoded(let commit): return .direct(commit)
        case nil: break
        }
        return .message(try sizeLimited.deserialize(serializedMessageBytes))
    }
}
