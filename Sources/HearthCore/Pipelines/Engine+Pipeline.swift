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
        var rest = pipeline.stages.dropFirst()
        var rows: [PipelineRow]
        if let streamed = try streamedAggregate(pipeline, in: database, consistency: consistency, access: access, evaluator: evaluator) {
            // A collection's groups, folded while its records are walked.
            rows = streamed.rows
            rest = pipeline.stages.dropFirst(streamed.stages)
        } else if let query = Self.sourceQuery(source) {
            // The index-shaped prefix runs as its classic twin; when the classic planner will not
            // take it (an order it refuses, an index it lacks) the source is read whole instead.
            let (planned, absorbed) = PipelinePlanner.plan(source: query, stages: rest)
            do throws(FirestoreError) {
                rows = try await runQuery(planned, in: database, consistency: consistency, access: access)
                    .map(PipelineRow.init(document:))
                rest = rest.dropFirst(absorbed)
            } catch where absorbed > 0 && (error.code == .invalidArgument || error.code == .failedPrecondition) {
                rows = try await runQuery(query, in: database, consistency: consistency, access: access)
                    .map(PipelineRow.init(document:))
            }
        } else {
            rows = try await sourceRows(source, in: database, consistency: consistency, access: access, evaluator: evaluator)
        }
        let stages = PipelineStages(evaluator: evaluator)
        for stage in rest {
            if case .union(let other) = stage {
                rows += try await run(other, in: database, consistency: consistency, access: access, evaluator: evaluator)
            } else {
                rows = try stages.apply(stage, to: rows)
            }
        }
        return rows
    }

    /// The rows of a documents or literals source (documents: in the order given).
    private func sourceRows(
        _ stage: PipelineStage, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator
    ) async throws(FirestoreError) -> [PipelineRow] {
        switch stage {
        case .documents(let keys):
            let found = try getDocuments(keys, in: database, consistency: consistency, access: access)
            return found.compactMap { $0.document.map(PipelineRow.init(document:)) }
        case .literals(let rows):
            let empty = PipelineRow(fields: [:])
            let stages = PipelineStages(evaluator: evaluator)
            return try rows.map { row throws(FirestoreError) in PipelineRow(fields: try stages.project(row, empty)) }
        case .collection(let path) where path.count % 2 == 0:
            throw FirestoreError(.invalidArgument, "collection() needs a collection path, not \"\(path)\".")
        default:
            throw FirestoreError(.invalidArgument, "A pipeline must start with a source stage (collection, collection_group, "
                + "database, documents or literals).")
        }
    }

    /// The classic query reading a collection, collection-group or database source whole (nil for other stages).
    private static func sourceQuery(_ stage: PipelineStage) -> StructuredQuery? {
        switch stage {
        case .collection(let path):
            guard path.count % 2 == 1, let id = path.segments.last else { return nil }
            return StructuredQuery(parent: path.parent ?? .root, collectionID: id)
        case .collectionGroup(let parent, let collectionID):
            return StructuredQuery(parent: parent, collectionID: collectionID, allDescendants: true)
        case .database:
            return StructuredQuery(parent: .root, collectionID: nil, allDescendants: true)
        default:
            return nil
        }
    }
}
