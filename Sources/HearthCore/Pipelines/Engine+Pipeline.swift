extension Engine {
    /// Runs `pipeline` on `database` (which must be of the Enterprise edition): reads its source
    /// through the classic query path (so indexes, read times, transactions and the rules hold as
    /// for a query: a collection source is judged as a `list` of the whole collection, a documents
    /// source as a `get` of each), then runs the other stages in memory.
    /// - Throws: `INVALID_ARGUMENT` when the database is of the Standard edition (Google's
    ///   emulator's message), the pipeline does not start with a source, or a projected
    ///   expression fails; `UNIMPLEMENTED` for a function Hearth does not have yet.
    package func executePipeline(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) async throws(FirestoreError) -> [PipelineRow] {
        guard try edition(of: database) == .enterprise else {
            throw FirestoreError(.invalidArgument, "ExecutePipeline requires the Database Edition to be enterprise.")
        }
        let evaluator = PipelineEvaluator(database: database, now: Timestamp(microseconds: nowMicroseconds))
        return try await run(pipeline, in: database, consistency: consistency, access: access, evaluator: evaluator)
    }

    private func run(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator
    ) async throws(FirestoreError) -> [PipelineRow] {
        guard let source = pipeline.stages.first else {
            throw FirestoreError(.invalidArgument, "A pipeline needs at least one stage, its source.")
        }
        var rows = try await sourceRows(source, in: database, consistency: consistency, access: access, evaluator: evaluator)
        let stages = PipelineStages(evaluator: evaluator)
        for stage in pipeline.stages.dropFirst() {
            if case .union(let other) = stage {
                rows += try await run(other, in: database, consistency: consistency, access: access, evaluator: evaluator)
            } else {
                rows = try stages.apply(stage, to: rows)
            }
        }
        return rows
    }

    /// The rows a source stage reads, in document-name order (documents: in the order given).
    private func sourceRows(
        _ stage: PipelineStage, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator
    ) async throws(FirestoreError) -> [PipelineRow] {
        let query: StructuredQuery
        switch stage {
        case .collection(let path):
            guard path.count % 2 == 1, let id = path.segments.last else {
                throw FirestoreError(.invalidArgument, "collection() needs a collection path, not \"\(path)\".")
            }
            query = StructuredQuery(parent: path.parent ?? .root, collectionID: id)
        case .collectionGroup(let parent, let collectionID):
            query = StructuredQuery(parent: parent, collectionID: collectionID, allDescendants: true)
        case .database:
            query = StructuredQuery(parent: .root, collectionID: nil, allDescendants: true)
        case .documents(let keys):
            let found = try getDocuments(keys, in: database, consistency: consistency, access: access)
            return found.compactMap { $0.document.map(PipelineRow.init(document:)) }
        case .literals(let rows):
            let empty = PipelineRow(fields: [:])
            let stages = PipelineStages(evaluator: evaluator)
            return try rows.map { row throws(FirestoreError) in PipelineRow(fields: try stages.project(row, empty)) }
        default:
            throw FirestoreError(.invalidArgument, "A pipeline must start with a source stage (collection, collection_group, "
                + "database, documents or literals).")
        }
        return try await runQuery(query, in: database, consistency: consistency, access: access).map(PipelineRow.init(document:))
    }
}
