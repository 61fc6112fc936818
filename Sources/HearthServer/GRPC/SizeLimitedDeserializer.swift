import FirestoreWire
import GRPCCore
import GRPCProtobuf
import HearthCore
import SwiftProtobuf

/// Decodes a request message, first refusing one larger than Firestore's limit. The size is that
/// of the bytes received, so a request is never encoded again to be measured, and an oversize one
/// is never decoded at all.
struct SizeLimitedDeserializer<Message: SwiftProtobuf.Message>: MessageDeserializer {
    /// The largest message accepted, in bytes.
    let limit: Int
    /// The method's name, for the request log.
    let method: String
    /// Where a refused request gets its log line (it never reaches the handler that logs the others).
    let log: RequestLog

    /// The message in `serializedMessageBytes`.
    /// - Throws: `INVALID_ARGUMENT` "Request payload size exceeds the limit" for an oversize
    ///   message; the protobuf decoder's `INVALID_ARGUMENT` for a malformed one.
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> Message {
        try checkSize(of: serializedMessageBytes)
        return try ProtobufDeserializer<Message>().deserialize(serializedMessageBytes)
    }

    /// Refuses (and logs) a message larger than `limit`.
    /// - Throws: `INVALID_ARGUMENT` "Request payload size exceeds the limit".
    func checkSize<Bytes: GRPCContiguousBytes>(of serializedMessageBytes: Bytes) throws {
        guard serializedMessageBytes.count <= limit else {
            let refusal = FirestoreError(.invalidArgument, "Request payload size exceeds the limit: \(limit) bytes.")
            log.finish(log.start(method: method, resource: ""), access: nil, status: refusal.code, detail: refusal.message)
            throw WireStatus.rpcError(refusal)
        }
    }
}
