package import Foundation
import FirestoreWire
import SwiftProtobuf

/// The gRPC target's seed inputs, built from the generated messages (protobuf bytes are not
/// written by hand): one or more requests for every RPC, as `hearth-fuzz --write-seeds` saves them.
package enum GRPCSeeds {
    static let database = "projects/fuzz/databases/(default)"
    static let documents = database + "/documents"

    /// The seeds: a file name and the input (selector byte, then the request bytes).
    package static func all() -> [(name: String, input: Data)] {
        var seeds: [(String, Data)] = []
        func add(_ name: String, rpc: UInt8, caller: UInt8, _ message: some SwiftProtobuf.Message) {
            guard let bytes: Data = try? message.serializedBytes() else { return }
            seeds.append(("seed-\(name)", Data([rpc | caller << 4]) + bytes))
        }
        func addStream(_ name: String, rpc: UInt8, caller: UInt8, _ messages: [some SwiftProtobuf.Message]) {
            guard let bytes = lengthDelimited(messages) else { return }
            seeds.append(("seed-\(name)", Data([rpc | caller << 4]) + bytes))
        }

        var get = Google_Firestore_V1_GetDocumentRequest()
        get.name = documents + "/c/d"
        get.mask.fieldPaths = ["n", "m.a"]
        add("get-document", rpc: 0, caller: 2, get)

        var list = Google_Firestore_V1_ListDocumentsRequest()
        list.parent = documents
        list.collectionID = "c"
        list.pageSize = 2
        list.orderBy = "n desc"
        list.showMissing = true
        add("list-documents", rpc: 1, caller: 0, list)

        var update = Google_Firestore_V1_UpdateDocumentRequest()
        update.document = document("c/d")
        update.updateMask.fieldPaths = ["n", "`a.b`"]
        update.currentDocument.exists = true
        add("update-document", rpc: 2, caller: 2, update)

        var delete = Google_Firestore_V1_DeleteDocumentRequest()
        delete.name = documents + "/open/o1"
        add("delete-document", rpc: 3, caller: 1, delete)

        var batchGet = Google_Firestore_V1_BatchGetDocumentsRequest()
        batchGet.database = database
        batchGet.documents = [documents + "/c/d", documents + "/users/alice"]
        batchGet.newTransaction.readOnly = Google_Firestore_V1_TransactionOptions.ReadOnly()
        add("batch-get", rpc: 4, caller: 2, batchGet)

        var begin = Google_Firestore_V1_BeginTransactionRequest()
        begin.database = database
        begin.options.readWrite = Google_Firestore_V1_TransactionOptions.ReadWrite()
        add("begin-transaction", rpc: 5, caller: 0, begin)

        var commit = Google_Firestore_V1_CommitRequest()
        commit.database = database
        commit.writes = [updateWrite("c/d"), deleteWrite("c/e"), updateWrite("users/alice/notes/1")]
        add("commit", rpc: 6, caller: 0, commit)
        commit.writes = [updateWrite("users/alice/notes/2")]
        add("commit-user", rpc: 6, caller: 2, commit)

        var rollback = Google_Firestore_V1_RollbackRequest()
        rollback.database = database
        rollback.transaction = Data("not-a-transaction".utf8)
        add("rollback", rpc: 7, caller: 0, rollback)

        var runQuery = Google_Firestore_V1_RunQueryRequest()
        runQuery.parent = documents
        runQuery.structuredQuery = query()
        add("run-query", rpc: 8, caller: 0, runQuery)
        add("run-query-user", rpc: 8, caller: 2, runQuery)

        var aggregation = Google_Firestore_V1_RunAggregationQueryRequest()
        aggregation.parent = documents
        aggregation.structuredAggregationQuery.structuredQuery = query()
        var count = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
        count.alias = "n"
        count.count = Google_Firestore_V1_StructuredAggregationQuery.Aggregation.Count()
        var sum = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
        sum.alias = "s"
        sum.sum.field.fieldPath = "n"
        aggregation.structuredAggregationQuery.aggregations = [count, sum]
        add("aggregation", rpc: 9, caller: 0, aggregation)

        var partition = Google_Firestore_V1_PartitionQueryRequest()
        partition.parent = documents
        var groupQuery = Google_Firestore_V1_StructuredQuery()
        var group = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        group.collectionID = "c"
        group.allDescendants = true
        groupQuery.from = [group]
        partition.structuredQuery = groupQuery
        partition.partitionCount = 3
        add("partition-query", rpc: 10, caller: 0, partition)

        var handshake = Google_Firestore_V1_WriteRequest()
        handshake.database = database
        var writes = Google_Firestore_V1_WriteRequest()
        writes.writes = [updateWrite("open/w1"), deleteWrite("open/w2")]
        addStream("write-stream", rpc: 11, caller: 1, [handshake, writes])

        var listenQuery = Google_Firestore_V1_ListenRequest()
        listenQuery.database = database
        listenQuery.addTarget.query.parent = documents
        listenQuery.addTarget.query.structuredQuery = query()
        listenQuery.addTarget.targetID = 2
        var listenDocuments = Google_Firestore_V1_ListenRequest()
        listenDocuments.database = database
        listenDocuments.addTarget.documents.documents = [documents + "/c/d"]
        listenDocuments.addTarget.targetID = 4
        listenDocuments.addTarget.resumeToken = Data([0x48, 0x01, 0, 0, 0, 0, 0, 0, 0, 1])
        var remove = Google_Firestore_V1_ListenRequest()
        remove.database = database
        remove.removeTarget = 2
        addStream("listen", rpc: 12, caller: 0, [listenQuery, listenDocuments, remove])

        var collections = Google_Firestore_V1_ListCollectionIdsRequest()
        collections.parent = documents + "/users/alice"
        collections.pageSize = 5
        add("list-collection-ids", rpc: 13, caller: 2, collections)

        var batchWrite = Google_Firestore_V1_BatchWriteRequest()
        batchWrite.database = database
        batchWrite.writes = [updateWrite("open/b1"), updateWrite("c/forbidden"), deleteWrite("open/b2")]
        add("batch-write", rpc: 14, caller: 2, batchWrite)

        var create = Google_Firestore_V1_CreateDocumentRequest()
        create.parent = documents
        create.collectionID = "c"
        create.documentID = "new"
        create.document = document("c/new")
        create.document.name = ""
        add("create-document", rpc: 15, caller: 3, create)
        return seeds
    }

    /// Writes the seeds under `corpus/grpc/`; returns a line saying so.
    package static func write(corpus: String) -> String {
        let folder = corpus + "/grpc"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seeds = all()
        for seed in seeds {
            _ = FileManager.default.createFile(atPath: folder + "/" + seed.name, contents: seed.input)
        }
        return "\(seeds.count) gRPC seeds written to \(folder)"
    }

    /// A document at `path` with fields of every kind.
    static func document(_ path: String) -> Google_Firestore_V1_Document {
        var document = Google_Firestore_V1_Document()
        document.name = documents + "/" + path
        var n = Google_Firestore_V1_Value()
        n.integerValue = 1
        var s = Google_Firestore_V1_Value()
        s.stringValue = "é😀"
        var null = Google_Firestore_V1_Value()
        null.nullValue = .nullValue
        var array = Google_Firestore_V1_Value()
        array.arrayValue.values = [n, s, null]
        var map = Google_Firestore_V1_Value()
        map.mapValue.fields = ["a": array, "b": n]
        var time = Google_Firestore_V1_Value()
        time.timestampValue.seconds = 1_700_000_000
        var point = Google_Firestore_V1_Value()
        point.geoPointValue.latitude = 1
        point.geoPointValue.longitude = 2
        var double = Google_Firestore_V1_Value()
        double.doubleValue = .nan
        var reference = Google_Firestore_V1_Value()
        reference.referenceValue = documents + "/c/x"
        var bytes = Google_Firestore_V1_Value()
        bytes.bytesValue = Data([0, 1, 255])
        document.fields = ["n": n, "m": map, "t": time, "g": point, "d": double, "k": reference, "x": bytes]
        return document
    }

    /// An update of `path` with a server-side increment.
    static func updateWrite(_ path: String) -> Google_Firestore_V1_Write {
        var write = Google_Firestore_V1_Write()
        write.update = document(path)
        var increment = Google_Firestore_V1_DocumentTransform.FieldTransform()
        increment.fieldPath = "k2"
        var two = Google_Firestore_V1_Value()
        two.integerValue = 2
        increment.increment = two
        var now = Google_Firestore_V1_DocumentTransform.FieldTransform()
        now.fieldPath = "at"
        now.setToServerValue = .requestTime
        write.updateTransforms = [increment, now]
        return write
    }

    /// A delete of `path` that requires the document to exist.
    static func deleteWrite(_ path: String) -> Google_Firestore_V1_Write {
        var write = Google_Firestore_V1_Write()
        write.delete = documents + "/" + path
        write.currentDocument.exists = true
        return write
    }

    /// A query on `c` with a composite filter, an order, a cursor and a limit.
    static func query() -> Google_Firestore_V1_StructuredQuery {
        var query = Google_Firestore_V1_StructuredQuery()
        var from = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        from.collectionID = "c"
        query.from = [from]
        var zero = Google_Firestore_V1_Value()
        zero.integerValue = 0
        var greater = Google_Firestore_V1_StructuredQuery.Filter()
        greater.fieldFilter.field.fieldPath = "n"
        greater.fieldFilter.op = .greaterThan
        greater.fieldFilter.value = zero
        var notNull = Google_Firestore_V1_StructuredQuery.Filter()
        notNull.unaryFilter.op = .isNotNull
        notNull.unaryFilter.field.fieldPath = "m.a"
        query.where.compositeFilter.op = .and
        query.where.compositeFilter.filters = [greater, notNull]
        var order = Google_Firestore_V1_StructuredQuery.Order()
        order.field.fieldPath = "n"
        order.direction = .descending
        query.orderBy = [order]
        query.startAt.values = [zero]
        query.limit.value = 5
        return query
    }
}

/// A stream target's input: each message's length as a varint, then its bytes (nil when one fails
/// to encode).
func lengthDelimited(_ messages: [some SwiftProtobuf.Message]) -> Data? {
    var bytes = Data()
    for message in messages {
        guard let encoded: Data = try? message.serializedBytes() else { return nil }
        var length = encoded.count
        repeat {
            bytes.append(UInt8(length & 0x7F) | (length >= 0x80 ? 0x80 : 0))
            length >>= 7
        } while length > 0
        bytes.append(encoded)
    }
    return bytes
}
