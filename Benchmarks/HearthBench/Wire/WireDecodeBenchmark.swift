import FirestoreWire
import HearthCore
import SwiftProtobuf

/// The server's decoding of `Commit` requests alone, without transport or engine: SwiftProtobuf's
/// message plus `ProtoWrite`'s conversion (the path requests took before the direct decoder)
/// against `DirectCommitDecoder`, on the same encoded 500-document batches.
enum WireDecodeBenchmark {
    /// The name of the SwiftProtobuf row (the baseline).
    static let protobufName = "decode Commit of 500 documents (SwiftProtobuf + ProtoWrite)"
    /// The name of the direct decoder's row.
    static let directName = "decode Commit of 500 documents (direct to core writes)"

    /// Both decoders over `batches` batches, `rounds` rounds alternating between them; each row
    /// reports its median round.
    static func run(batches: Int, rounds: Int) throws -> [WireBenchResult] {
        let database = try DatabaseID(project: "bench")
        let size = WireBenchData.batchSize
        let encoded: [[UInt8]] = try (0..<batches).map { batch in
            try WireBenchData.commitRequest(batch * size..<(batch + 1) * size, in: "items", database: database).serializedBytes()
        }
        var protobufRounds: [Double] = []
        var directRounds: [Double] = []
        for _ in 0..<rounds {
            var start = WireStopwatch.now()
            var decoded = 0
            for bytes in encoded {
                decoded += try DecodedCommit(Google_Firestore_V1_CommitRequest(serializedBytes: bytes)).writes.count
            }
            protobufRounds.append(WireStopwatch.seconds(since: start))
            start = WireStopwatch.now()
            for bytes in encoded {
                guard let commit = bytes.withUnsafeBytes({ DirectCommitDecoder.decode($0) }) else {
                    throw WireBenchFailure(description: "the direct decoder declined a bench request")
                }
                decoded -= commit.writes.count
            }
            directRounds.append(WireStopwatch.seconds(since: start))
            guard decoded == 0 else { throw WireBenchFailure(description: "the decoders disagree on the bench's writes") }
        }
        let documents = batches * size
        return [
            WireBenchResult(name: protobufName, ops: documents, seconds: median(protobufRounds), baseline: nil),
            WireBenchResult(name: directName, ops: documents, seconds: median(directRounds), baseline: protobufName),
        ]
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
