import FirestoreWire
import HearthCore

extension FirestoreOperations {
    /// RunQuery (suspending while the index catches up with bulk commits): the query's documents, one response each (one response with only the read time
    /// when nothing matches); a transaction begun by the query comes alone in the first response.
    /// With `explain_options`, the last response carries the report; without `analyze` no
    /// documents are sent, only the plan.
    func runQuery(_ request: Google_Firestore_V1_RunQueryRequest, access: AccessContext) async throws(FirestoreError) -> [Google_Firestore_V1_RunQueryResponse] {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard case .structuredQuery(let structured)? = request.queryType else {
            throw FirestoreError(.invalidArgument, "RunQuery needs a structured_query.")
        }
        let query = try ProtoQuery.query(structured, parent: parent)
        let read = try resolve(request.selector, in: database)
        let explain = ProtoExplain.options(request.explainOptions, present: request.hasExplainOptions)
        let documents: [Document]
        var metrics: ExplainMetrics?
        if let explain {
            (documents, metrics) = try await engine.explainQuery(
                query, in: database, consistency: read.consistency, access: access, options: explain)
        } else {
            documents = try await engine.runQuery(query, in: database, consistency: read.consistency, access: access)
        }
        if explain?.analyze != false {
            usage?.queried(documents.map(\.key), database: database, collection: parent.appending(query.collectionID ?? "*"))
        }
        var responses: [Google_Firestore_V1_RunQueryResponse] = []
        if let transaction = read.newTransaction {
            var first = Google_Firestore_V1_RunQueryResponse()
            first.transaction = ProtoTransaction.bytes(transaction)
            responses.append(first)
        }
        let skipped = explain?.analyze == false
            ? 0 : try skippedResults(query, returned: documents.count, in: database, consistency: read.consistency, access: access)
        for document in documents {
            var response = Google_Firestore_V1_RunQueryResponse()
            response.document = ProtoDocument.proto(document, in: database)
            response.readTime = read.readTime.proto
            if responses.allSatisfy({ !$0.hasDocument }) { response.skippedResults = Int32(clamping: skipped) }
            responses.append(response)
        }
        if documents.isEmpty {
            var response = Google_Firestore_V1_RunQueryResponse()
            response.readTime = read.readTime.proto
            response.skippedResults = Int32(clamping: skipped)
            responses.append(response)
        }
        if let metrics { responses[responses.count - 1].explainMetrics = ProtoExplain.proto(metrics) }
        responses[responses.count - 1].done = true
        return responses
    }

    /// How many results the query's offset skipped, reported as `skipped_results` on the response
    /// that follows the skip: the whole offset when a result follows it, else as many as matched
    /// (counted without reading the documents).
    private func skippedResults(
        _ query: StructuredQuery, returned: Int, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> Int {
        guard query.offset > 0, query.findNearest == nil else { return 0 }
        if returned > 0 { return query.offset }
        var counting = query
        counting.offset = 0
        counting.limit = query.offset
        counting.projection = nil
        let values = try engine.runAggregation(
            counting, aggregations: [Aggregation(.count(upTo: nil), alias: "skipped")], in: database,
            consistency: consistency, access: access)
        guard case .integer(let count)? = values["skipped"] else { return 0 }
        return Int(count)
    }

    /// RunAggregationQuery (suspending while the index catches up): one result row keyed by alias (or `field_<n>`). With
    /// `explain_options` the response also carries the report; without `analyze` it carries no
    /// result, only the plan.
    func runAggregationQuery(
        _ request: Google_Firestore_V1_RunAggregationQueryRequest, access: AccessContext
    ) async throws(FirestoreError) -> [Google_Firestore_V1_RunAggregationQueryResponse] {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard case .structuredAggregationQuery(let aggregation)? = request.queryType,
              case .structuredQuery(let structured)? = aggregation.queryType else {
            throw FirestoreError(.invalidArgument, "RunAggregationQuery needs a structured_aggregation_query with a structured_query.")
        }
        let query = try ProtoQuery.query(structured, parent: parent)
        let aggregations = try ProtoQuery.aggregations(aggregation.aggregations)
        let read = try resolve(request.selector, in: database)
        var response = Google_Firestore_V1_RunAggregationQueryResponse()
        if let explain = ProtoExplain.options(request.explainOptions, present: request.hasExplainOptions) {
            let (values, metrics) = try await engine.explainAggregation(
                query, aggregations: aggregations, in: database, consistency: read.consistency, access: access, options: explain)
            if let values { response.result.aggregateFields = ProtoValue.protoFields(values) }
            response.explainMetrics = ProtoExplain.proto(metrics)
        } else {
            let values = try await engine.runAggregation(
                query, aggregations: aggregations, in: database, consistency: read.consistency, access: access)
            usage?.read(1, database: database, collection: parent.appending(query.collectionID ?? "*").canonicalString)
            response.result.aggregateFields = ProtoValue.protoFields(values)
        }
        response.readTime = read.readTime.proto
        if let transaction = read.newTransaction { response.transaction = ProtoTransaction.bytes(transaction) }
        return [response]
    }

    /// PartitionQuery: up to `partition_count - 1` split points of a collection-group query,
    /// each a cursor holding one document reference, evenly spaced over its results.
    func partitionQuery(_ request: Google_Firestore_V1_PartitionQueryRequest, access: AccessContext) throws(FirestoreError) -> Google_Firestore_V1_PartitionQueryResponse {
        let (database, parent) = try ResourceName.parent(request.parent)
        guard case .structuredQuery(let structured)? = request.queryType else {
            throw FirestoreError(.invalidArgument, "PartitionQuery needs a structured_query.")
        }
        guard request.partitionCount > 0 else {
            throw FirestoreError(.invalidArgument, "partition_count must be positive, but was \(request.partitionCount).")
        }
        var query = try ProtoQuery.query(structured, parent: parent)
        guard query.allDescendants else {
            throw FirestoreError(.invalidArgument, "PartitionQuery needs a collection-group query (all_descendants).")
        }
        query.projection = [FieldPath.documentID]
        let consistency: ReadConsistency
        if case .readTime(let time)? = request.consistencySelector {
            consistency = .readTime(try Timestamp(proto: time))
        } else {
            consistency = .strong
        }
        let keys = try engine.runQuery(query, in: database, consistency: consistency, access: access).map(\.key)
        guard request.pageSize >= 0 else {
            throw FirestoreError(.invalidArgument, "page_size must not be negative, but was \(request.pageSize).")
        }
        var points: [DocumentKey] = []
        let parts = Int(min(request.partitionCount, Int64(keys.count)))
        if parts > 1 {
            let step = keys.count / parts
            points = (1..<parts).map { keys[$0 * step] }
        }
        // Pages of cursors: the token is the position of the next cursor (`p<position>`).
        let start = try Self.partitionPosition(request.pageToken, count: points.count)
        let end = request.pageSize == 0 ? points.count : min(points.count, start + Int(request.pageSize))
        var response = Google_Firestore_V1_PartitionQueryResponse()
        response.partitions = points[start..<end].map { key in
            var cursor = Google_Firestore_V1_Cursor()
            cursor.values = [ProtoValue.proto(.reference(DocumentReferenceValue(database: database, key: key)))]
            return cursor
        }
        if end < points.count { response.nextPageToken = "p\(end)" }
        return response
    }

    /// The cursor position a PartitionQuery page token names (0 without one).
    /// - Throws: `INVALID_ARGUMENT` for a token this server did not hand out for these partitions.
    private static func partitionPosition(_ token: String, count: Int) throws(FirestoreError) -> Int {
        guard !token.isEmpty else { return 0 }
        guard token.first == "p", let position = Int(token.dropFirst()), position > 0, position < count else {
            throw FirestoreError(.invalidArgument, "Invalid page_token: \(token).")
        }
        return position
    }
}
