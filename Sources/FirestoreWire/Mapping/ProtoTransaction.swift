package import Foundation
package import HearthCore

/// Converts transaction ids and options between the wire and the core.
package enum ProtoTransaction {
    /// The core id of wire transaction bytes.
    package static func id(_ bytes: Data) -> TransactionID { TransactionID(bytes: [UInt8](bytes)) }

    /// The wire bytes of a transaction id.
    package static func bytes(_ id: TransactionID) -> Data { Data(id.bytes) }

    /// The core options of wire options; `defaultReadOnly` decides what options without a mode mean.
    package static func options(_ proto: Google_Firestore_V1_TransactionOptions, defaultReadOnly: Bool) throws(FirestoreError) -> TransactionOptions {
        switch proto.mode {
        case .readOnly(let readOnly):
            if case .readTime(let time)? = readOnly.consistencySelector {
                return .readOnly(readTime: try Timestamp(proto: time))
            }
            return .readOnly(readTime: nil)
        case .readWrite(let readWrite):
            if !readWrite.retryTransaction.isEmpty { return .readWriteRetry(previous: id(readWrite.retryTransaction)) }
            return .readWrite
        case nil:
            return defaultReadOnly ? .readOnly(readTime: nil) : .readWrite
        }
    }
}
