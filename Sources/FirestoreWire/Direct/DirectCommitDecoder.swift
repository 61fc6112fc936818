import Dispatch
import Foundation
package import HearthCore
import Synchronization

/// A `Commit` request in the core's terms: its database, writes and transaction.
package struct DecodedCommit: Sendable {
    /// The request's `database` field as sent (for the request log).
    package let databaseName: String
    /// The database the writes go to.
    package let database: DatabaseID
    /// The writes, in request order.
    package let writes: [Write]
    /// The transaction the commit ends, when the request names one.
    package let transaction: TransactionID?

    /// A commit of `writes` to `database` (named `databaseName` in the request), ending `transaction`.
    package init(databaseName: String, database: DatabaseID, writes: [Write], transaction: TransactionID?) {
        self.databaseName = databaseName
        self.database = database
        self.writes = writes
        self.transaction = transaction
    }

    /// The commit a SwiftProtobuf-decoded request asks for.
    /// - Throws: `INVALID_ARGUMENT` for a bad database name or write (`ProtoWrite.write`).
    package init(_ request: Google_Firestore_V1_CommitRequest) throws(FirestoreError) {
        let database = try ResourceName.database(request.database)
        self.init(
            databaseName: request.database, database: database,
            writes: try request.writes.map { w throws(FirestoreError) in try ProtoWrite.write(w, in: database) },
            transaction: request.transaction.isEmpty ? nil : ProtoTransaction.id(request.transaction))
    }
}

/// Decodes `google.firestore.v1.CommitRequest` bytes without SwiftProtobuf's message tree (which
/// for a 500-document batch costs about as much CPU as the engine's commit). It takes the shapes
/// clients send — sets and updates with masks, transforms and preconditions, deletes — and
/// declines anything else (unknown or repeated fields, legacy transform writes, values the core
/// refuses); a declined request is decoded by SwiftProtobuf and answered exactly as before.
package enum DirectCommitDecoder {
    /// The commit in `bytes`, or nil when the request must take SwiftProtobuf's path.
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> DecodedCommit? {
        try? commit(bytes)
    }

    /// Fewest writes decoded in parallel: below it, handing out the work costs more than it saves.
    package static let parallelWrites = 128

    private static func commit(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> DecodedCommit {
        // First pass: the database (written first by clients, but protobuf allows any order), the
        // transaction, and where each write's bytes are; writes are decoded once the database is known.
        var scan = ProtobufCursor(bytes)
        var databaseName: String?
        var transaction: TransactionID?
        var writeBytes: [UnsafeRawBufferPointer] = []
        while !scan.isAtEnd {
            switch try scan.tag() {
            case (1, ProtobufCursor.lengthDelimited) where databaseName == nil:
                databaseName = try ProtobufCursor.string(try scan.delimited())
            case (2, ProtobufCursor.lengthDelimited):
                writeBytes.append(try scan.delimited())
            case (3, ProtobufCursor.lengthDelimited) where transaction == nil:
                let id = try scan.delimited()
                transaction = TransactionID(bytes: [UInt8](id))
            default:
                throw DirectDecodingDeclined()
            }
        }
        let name = databaseName ?? ""
        let database = try ProtobufCursor.converting { () throws(FirestoreError) in try ResourceName.database(name) }
        let documentsPrefix = Array((name + "/documents/").utf8)
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, 4, writeBytes.count / (parallelWrites / 2))
        let writes = parts > 1
            ? try decodeInParallel(writeBytes, parts: parts, in: database, prefix: documentsPrefix)
            : try decode(writeBytes[...], in: database, prefix: documentsPrefix)
        // An empty transaction field is no transaction, as `ProtoWrite` reads it.
        if transaction?.bytes.isEmpty == true { transaction = nil }
        return DecodedCommit(databaseName: name, database: database, writes: writes, transaction: transaction)
    }

    /// The writes in `slices`, in order.
    private static func decode(
        _ slices: ArraySlice<UnsafeRawBufferPointer>, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> [Write] {
        var writes: [Write] = []
        writes.reserveCapacity(slices.count)
        for slice in slices { writes.append(try DirectWriteDecoder.write(slice, in: database, prefix: prefix)) }
        return writes
    }

    /// The writes in `slices`, in order, decoded in `parts` contiguous runs on as many threads (a
    /// 500-document batch's decoding is otherwise a few milliseconds a sequential client waits
    /// for, with a core idle). Any run's decline declines the request.
    private static func decodeInParallel(
        _ slices: [UnsafeRawBufferPointer], parts: Int, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> [Write] {
        let runs = Mutex<[[Write]?]>(Array(repeating: nil, count: parts))
        let shared = ReadOnlySlices(slices: slices)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let slices = shared.slices
            let run = slices[slices.count * part / parts..<slices.count * (part + 1) / parts]
            guard let writes = try? decode(run, in: database, prefix: prefix) else { return }
            runs.withLock { $0[part] = writes }
        }
        var writes: [Write] = []
        writes.reserveCapacity(slices.count)
        for run in runs.withLock({ $0 }) {
            guard let run else { throw DirectDecodingDeclined() }
            writes.append(contentsOf: run)
        }
        return writes
    }
}

/// The request's write slices, shared with `concurrentPerform`'s threads: they only read them,
/// and the request's bytes outlive the call (it returns once every run is done).
private struct ReadOnlySlices: @unchecked Sendable {
    let slices: [UnsafeRawBufferPointer]
}
