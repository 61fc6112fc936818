package import HearthCore

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

    private static func commit(_ bytes: UnsafeRawBufferPointer) throws(DirectDecodingDeclined) -> DecodedCommit {
        // First pass: the database (written first by clients, but protobuf allows any order) and
        // the transaction; writes are decoded once the database is known.
        var scan = ProtobufCursor(bytes)
        var databaseName: String?
        var transaction: TransactionID?
        var writeCount = 0
        while !scan.isAtEnd {
            switch try scan.tag() {
            case (1, ProtobufCursor.lengthDelimited) where databaseName == nil:
                databaseName = try ProtobufCursor.string(try scan.delimited())
            case (2, ProtobufCursor.lengthDelimited):
                writeCount += 1
                _ = try scan.delimited()
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
        var writes: [Write] = []
        writes.reserveCapacity(writeCount)
        var cursor = ProtobufCursor(bytes)
        while !cursor.isAtEnd {
            let (field, wireType) = try cursor.tag()
            guard field == 2 else {
                try cursor.skip(wireType: wireType)
                continue
            }
            writes.append(try DirectWriteDecoder.write(try cursor.delimited(), in: database, prefix: documentsPrefix))
        }
        // An empty transaction field is no transaction, as `ProtoWrite` reads it.
        if transaction?.bytes.isEmpty == true { transaction = nil }
        return DecodedCommit(databaseName: name, database: database, writes: writes, transaction: transaction)
    }
}
