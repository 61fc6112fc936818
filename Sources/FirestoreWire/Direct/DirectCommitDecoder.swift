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
        guard let layout = try? RequestLayout(scanning: bytes) else { return nil }
        return try? commit(bytes, layout: layout)
    }

    /// The request in `bytes`, streamed (`stream`) when it is large and outside a transaction,
    /// else decoded whole (`decode`), from one pass over its top level; nil when it must take
    /// SwiftProtobuf's path.
    package static func read(_ bytes: UnsafeRawBufferPointer) -> DirectCommit? {
        guard let layout = try? RequestLayout(scanning: bytes) else { return nil }
        if layout.streams {
            // A first run the decoder declines would decline the whole-request decoding too.
            return stream(bytes, layout: layout).map(DirectCommit.streamed)
        }
        return (try? commit(bytes, layout: layout)).map(DirectCommit.decoded)
    }

    /// Fewest writes decoded in parallel: below it, handing out the work costs more than it saves.
    package static let parallelWrites = 128

    /// Fewest writes a request needs to be streamed (`stream`): below it, the hop to another
    /// thread costs more than the overlap saves.
    package static let streamedWrites = 128

    /// Writes in a streamed request's first run: small, so that the writer starts soon.
    static let firstRunWrites = 8
    /// Writes in a streamed request's longest runs (each run doubles until it).
    static let longestRunWrites = 64

    /// A large request outside a transaction, as a commit whose writes are decoded on another
    /// thread, run by run, while the writer applies the runs already decoded; nil when the request
    /// is small, names a transaction, or is declined before its writes (then `decode` it). The
    /// first run is decoded here, so the writer never waits for the other thread to start. The
    /// writes can still be declined later: the feed then fails and the request must take
    /// SwiftProtobuf's path (`StreamedCommit.bytes` keeps it).
    package static func stream(_ bytes: UnsafeRawBufferPointer) -> StreamedCommit? {
        guard let layout = try? RequestLayout(scanning: bytes), layout.streams else { return nil }
        return stream(bytes, layout: layout)
    }

    /// `stream` of a request already scanned (`layout.streams` holds).
    private static func stream(_ bytes: UnsafeRawBufferPointer, layout: RequestLayout) -> StreamedCommit? {
        guard let database = try? layout.database() else { return nil }
        let prefix = layout.documentsPrefix
        guard let first = try? writes(layout.writes[..<firstRunWrites], of: bytes, in: database, prefix: prefix)
        else { return nil }
        let owned = [UInt8](bytes)
        let feed = WriteFeed(count: layout.writes.count)
        feed.deliver(first)
        DispatchQueue.global(qos: .userInitiated).async {
            // Whatever happens, the feed ends: a writer applying it never waits forever.
            defer { feed.decline() }
            owned.withUnsafeBytes { raw in
                var start = firstRunWrites
                var length = firstRunWrites * 2
                while start < layout.writes.count {
                    let end = min(start + length, layout.writes.count)
                    guard let run = try? writes(layout.writes[start..<end], of: raw, in: database, prefix: prefix) else { return }
                    feed.deliver(run)
                    start = end
                    length = min(length * 2, longestRunWrites)
                }
            }
        }
        return StreamedCommit(databaseName: layout.databaseName, database: database, feed: feed, bytes: owned)
    }

    /// The writes whose bytes are at `ranges` of `bytes`, in order.
    private static func writes(
        _ ranges: ArraySlice<Range<Int>>, of bytes: UnsafeRawBufferPointer, in database: DatabaseID, prefix: [UInt8]
    ) throws(DirectDecodingDeclined) -> [Write] {
        try decode(ranges.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }[...], in: database, prefix: prefix)
    }

    private static func commit(
        _ bytes: UnsafeRawBufferPointer, layout: RequestLayout
    ) throws(DirectDecodingDeclined) -> DecodedCommit {
        let database = try layout.database()
        let writeBytes = layout.writes.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, 4, writeBytes.count / (parallelWrites / 2))
        let writes = parts > 1
            ? try decodeInParallel(writeBytes, parts: parts, in: database, prefix: layout.documentsPrefix)
            : try decode(writeBytes[...], in: database, prefix: layout.documentsPrefix)
        return DecodedCommit(
            databaseName: layout.databaseName, database: database, writes: writes, transaction: layout.transaction)
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

/// A `Commit` request's top level: its database, its transaction, and where each write's bytes are
/// (offsets into the request's bytes, so they hold for any copy of them).
private struct RequestLayout: Sendable {
    /// The `database` field as sent ("" when absent).
    let databaseName: String
    /// The transaction the request ends; nil when absent or empty (as `ProtoWrite` reads it).
    let transaction: TransactionID?
    /// Each write's bytes, in request order.
    let writes: [Range<Int>]

    /// The layout of `bytes`: the database (written first by clients, but protobuf allows any
    /// order), the transaction, and the writes; anything else declines.
    init(scanning bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) {
        var scan = ProtobufCursor(bytes)
        var databaseName: String?
        var transaction: TransactionID?
        var writes: [Range<Int>] = []
        while !scan.isAtEnd {
            switch try scan.tag() {
            case (1, ProtobufCursor.lengthDelimited) where databaseName == nil:
                databaseName = try ProtobufCursor.string(try scan.delimited())
            case (2, ProtobufCursor.lengthDelimited):
                writes.append(try scan.delimitedRange())
            case (3, ProtobufCursor.lengthDelimited) where transaction == nil:
                transaction = TransactionID(bytes: [UInt8](try scan.delimited()))
            default:
                throw DirectDecodingDeclined()
            }
        }
        self.databaseName = databaseName ?? ""
        self.transaction = transaction?.bytes.isEmpty == true ? nil : transaction
        self.writes = writes
    }

    /// The database the request names.
    func database() throws(DirectDecodingDeclined) -> DatabaseID {
        try ProtobufCursor.converting { () throws(FirestoreError) in try ResourceName.database(databaseName) }
    }

    /// True when the request is streamed: large enough, and outside a transaction.
    var streams: Bool { transaction == nil && writes.count >= DirectCommitDecoder.streamedWrites }

    /// The prefix of every document name in the database.
    var documentsPrefix: [UInt8] { Array((databaseName + "/documents/").utf8) }
}

/// A `Commit` request as `DirectCommitDecoder.read` gives it.
package enum DirectCommit: Sendable {
    /// A large request whose writes are still being decoded.
    case streamed(StreamedCommit)
    /// A request decoded whole.
    case decoded(DecodedCommit)
}

/// A `Commit` request whose writes are still being decoded (`DirectCommitDecoder.stream`).
package struct StreamedCommit: Sendable {
    /// The request's `database` field as sent (for the request log).
    package let databaseName: String
    /// The database the writes go to.
    package let database: DatabaseID
    /// Where the writes arrive, in runs.
    package let feed: WriteFeed
    /// The request as received, for SwiftProtobuf when the feed declines.
    package let bytes: [UInt8]
}

/// The request's write slices, shared with `concurrentPerform`'s threads: they only read them,
/// and the request's bytes outlive the call (it returns once every run is done).
private struct ReadOnlySlices: @unchecked Sendable {
    let slices: [UnsafeRawBufferPointer]
}
