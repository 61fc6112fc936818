import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// The server decodes `Commit` requests with `DirectCommitDecoder` and falls back to SwiftProtobuf
/// and `ProtoWrite` when it declines. This checks, for one input, the promise that makes the
/// fallback safe: the direct decoder either declines, or gives exactly what the fallback gives.
enum DirectCommitCheck {
    /// Nil when the promise holds for `bytes`, else a description of the difference.
    static func compare(_ bytes: Data) -> String? {
        guard let direct = bytes.withUnsafeBytes({ DirectCommitDecoder.decode($0) }) else { return nil }
        let reference = Result { () throws -> DecodedCommit in
            try DecodedCommit(Google_Firestore_V1_CommitRequest(serializedBytes: bytes))
        }
        guard case .success(let expected) = reference else {
            return "the direct Commit decoder took a request SwiftProtobuf or ProtoWrite refuses: \(reference)"
        }
        guard direct.databaseName == expected.databaseName, direct.database == expected.database,
              direct.writes == expected.writes, direct.transaction == expected.transaction
        else {
            return "the direct Commit decoder and SwiftProtobuf + ProtoWrite disagree: \(direct.writes) vs \(expected.writes)"
        }
        return nil
    }
}
