extension Engine {
    /// Runs `pipeline` on `database` (which must be of the Enterprise edition): reads its source
    /// through the classic query path (so indexes, read times and transactions hold as for a
    /// query; the rules judge a collection source as a `list` of the query `PipelineRules` makes
    /// of its simple filters, a documents source as a `get` of each), then runs the other stages
    /// in memory. A final `update` or
    /// `delete` stage commits its writes atomically (see `runPipelineWrites`).
    /// - Throws: `INVALID_ARGUMENT` when the database is of the Standard edition (Google's
    ///   emulator's message), the pipeline does not start with a source, or a projected
    ///   expression fails or names an unknown function; `UNIMPLEMENTED` for a stage Hearth does
    ///   not run (`insert`, `upsert`).
    package func executePipeline(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin
    ) async throws(FirestoreError) -> [PipelineRow] {
        try await executePipelineReporting(pipeline, in: database, consistency: consistency, access: access).rows
    }

    /// `executePipeline`, also saying what ran (`explain_stats`). With `autoCommit` and a
    /// transaction, the transaction commits after the pipeline ran (with its DML writes, if any).
    /// - Throws: as `executePipeline`; for DML see `runPipelineWrites`.
    package func executePipelineReporting(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency = .strong,
        access: AccessContext = .admin, autoCommit: Bool = false
    ) async throws(FirestoreError) -> PipelineExecution {
        guard try edition(of: database) == .enterprise else {
            throw FirestoreError(.invalidArgument, "ExecutePipeline requires the Database Edition to be enterprise.")
        }
        let clock = ContinuousClock()
        let start = clock.now
        try await catchUpIndex()
        let evaluator = pipelineEvaluator(
            database: database, now: Timestamp(microseconds: nowMicroseconds), consistency: consistency, access: access, scope: [:])
        var report = PipelineReport()
        var execution: PipelineExecution
        if let last = pipeline.stages.last, last.isWrite {
            let input = Pipeline(stages: Array(pipeline.stages.dropLast()))
            execution = try await runPipelineWrites(
                last, after: input, in: database, consistency: consistency, access: access, autoCommit: autoCommit,
                evaluator: evaluator, report: &report)
        } else {
            let rows = try run(pipeline, in: database, consistency: consistency, access: access, evaluator: evaluator, report: &report)
            var commitTime: Timestamp?
            if autoCommit, case .transaction(let transaction) = consistency {
                commitTime = try await commit([], in: database, transaction: transaction, access: access).commitTime
            }
            execution = PipelineExecution(rows: rows, report: report, commitTime: commitTime)
        }
        execution.report.resultsReturned = execution.rows.count
        execution.report.duration = clock.now - start
        return execution
    }

    /// Runs a pipeline without DML stages, noting in `report` how each part ran. Reads with
    /// short synchronous read transactions (callers catch the index up first, so they rarely wait).
    func run(
        _ pipeline: Pipeline, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator, report: inout PipelineReport
    ) throws(FirestoreError) -> [PipelineRow] {
        guard let source = pipeline.stages.first else {
            throw FirestoreError(.invalidArgument, "A pipeline needs at least one stage, its source.")
        }
        if pipeline.stages.contains(where: \.isWrite) {
            throw FirestoreError(.invalidArgument, PipelineStage.misplacedWriteMessage)
        }
        for (index, stage) in pipeline.stages.enumerated() {
            if case .search = stage, index != 1 { throw FirestoreError(.invalidArgument, PipelineSearch.misplacedMessage) }
            if case .aggregate(let accumulators, _) = stage, accumulators.isEmpty {
                throw FirestoreError(.invalidArgument, "The aggregate stage requires at least one accumulator (use distinct for groups alone).")
            }
        }
        var rest = pipeline.stages.dropFirst()
        var rows: [PipelineRow]
        var access = access
        if let query = Self.sourceQuery(source), policy(for: access) != nil {
            // The rules judge the source once, as production does (PipelineRules); the reads
            // that follow need no second judgement.
            try authorizeList(PipelineRules.judgedQuery(source: query, stages: rest), in: database, access: access)
            access = .admin
        }
        if let streamed = try streamedAggregate(pipeline, in: database, consistency: consistency, access: access, evaluator: evaluator) {
            // A collection's groups, folded while its records are walked.
            rows = streamed.rows
            rest = pipeline.stages.dropFirst(streamed.stages)
            report.documentsRead += streamed.documentsRead
            report.steps.append(PipelineReport.Step(
                stages: pipeline.stages.prefix(streamed.stages).map(\.wireName),
                execution: "walk over the collection's stored records, grouping as it reads"))
        } else if let query = Self.sourceQuery(source) {
            // The index-shaped prefix runs as its classic twin; when the classic planner will not
            // take it (an order it refuses, an index it lacks) the source is read whole instead.
            let (planned, absorbed) = PipelinePlanner.plan(source: query, stages: rest)
            do throws(FirestoreError) {
                let read = try executeQuery(planned, in: database, consistency: consistency, access: access)
                rows = read.documents.map(PipelineRow.init(document:))
                rest = rest.dropFirst(absorbed)
                report.note(read.explanation, stages: pipeline.stages.prefix(absorbed + 1).map(\.wireName))
            } catch where absorbed > 0 && (error.code == .invalidArgument || error.code == .failedPrecondition) {
                let read = try executeQuery(query, in: database, consistency: consistency, access: access)
                rows = read.documents.map(PipelineRow.init(document:))
                report.note(read.explanation, stages: [source.wireName])
            }
        } else {
            rows = try sourceRows(source, in: database, consistency: consistency, access: access, evaluator: evaluator)
            if case .documents = source { report.documentsRead += rows.count }
            report.steps.append(PipelineReport.Step(
                stages: [source.wireName], execution: source == .database ? "whole read" : "lookup by name"))
        }
        let stages = PipelineStages(evaluator: evaluator)
        var inMemory: [String] = []
        for stage in rest {
            if case .union(let other) = stage {
                if !inMemory.isEmpty { report.steps.append(PipelineReport.Step(stages: inMemory, execution: "in memory")) }
                inMemory = []
                rows += try run(other, in: database, consistency: consistency, access: access, evaluator: evaluator, report: &report)
                report.steps.append(PipelineReport.Step(stages: ["union"], execution: "concatenation"))
            } else {
                rows = try stages.apply(stage, to: rows)
                inMemory.append(stage.wireName)
            }
        }
        if !inMemory.isEmpty { report.steps.append(PipelineReport.Step(stages: inMemory, execution: "in memory")) }
        return rows
    }

    /// The rows of a documents or literals source (documents: in the order given).
    private func sourceRows(
        _ stage: PipelineStage, in database: DatabaseID, consistency: ReadConsistency, access: AccessContext,
        evaluator: PipelineEvaluator
    ) throws(FirestoreError) -> [PipelineRow] {
        switch stage {
        case .documents(let keys):
            let found = try getDocuments(keys, in: database, consistency: consistency, access: access)
            return found.compactMap { $0.document.map(PipelineRow.init(document:)) }
        case .literals(let rows):
            let empty = PipelineRow(fields: [:])
            let stages = PipelineStages(evaluator: evaluator)
            return try rows.map { row throws(FirestoreError) in PipelineRow(fields: try stages.project(row, empty)) }
        case .subcollection:
            throw FirestoreError(.invalidArgument, "subcollection() is only allowed at the start of a nested pipeline (a subquery inside array() or scalar()).")
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

    /// An evaluator for a pipeline run whose subqueries read `database` as the run does.
    func pipelineEvaluator(
        database: DatabaseID, now: Timestamp, consistency: ReadConsistency, access: AccessContext, scope: [String: Value]
    ) -> PipelineEvaluator {
        var evaluator = PipelineEvaluator(database: database, now: now)
        evaluator.scope = scope
        evaluator.subqueries = PipelineSubqueryRunner { [self] inner, outer, innerScope throws(FirestoreError) in
            try runSubquery(inner, outer: outer, scope: innerScope, in: database, now: now, consistency: consistency, access: access)
        }
        return evaluator
    }

    /// Runs subquery `inner` for row `outer`: a `subcollection(path)` source reads that collection
    /// under the outer row's document.
    /// - Throws: `INVALID_ARGUMENT` for a subcollection source under a row that is no document, or
    ///   a DML stage in a subquery; as `run` otherwise.
    private func runSubquery(
        _ inner: Pipeline, outer: PipelineRow, scope: [String: Value], in database: DatabaseID, now: Timestamp,
        consistency: ReadConsistency, access: AccessContext
    ) throws(FirestoreError) -> [PipelineRow] {
        var stages = inner.stages
        if case .subcollection(let relative)? = stages.first {
            guard let key = outer.key else {
                throw FirestoreError(.invalidArgument, "subcollection() needs its outer row to be a document.")
            }
            let path = try ResourcePath(validating: key.path.canonicalString + "/" + relative)
            guard path.count % 2 == 1 else {
                throw FirestoreError(.invalidArgument, "subcollection() needs a collection path, not \"\(relative)\".")
            }
            stages[0] = .collection(path)
        }
        let evaluator = pipelineEvaluator(database: database, now: now, consistency: consistency, access: access, scope: scope)
        var report = PipelineReport()
        return try run(Pipeline(stages: stages), in: database, consistency: consistency, access: access, evaluator: evaluator, report: &report)
    }
}
