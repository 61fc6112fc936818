extension Engine {
    /// Runs the DML stage `write` (`update` or `delete`) over the rows of `input`: one write per
    /// document the rows' `__name__` names (a row's document, or its `__name__` reference field),
    /// committed as one atomic commit through the normal path, so indexes, listeners, history,
    /// triggers and the rules see them like any commit. Gives one row, `documents_modified`.
    ///
    /// `update()` writes each row back as its document's whole contents; `update(fields)` sets
    /// only those fields (an absent value removes the field). Either fails, writing nothing, when
    /// a document does not exist.
    /// In a transaction the writes wait for its commit (with `autoCommit`, it commits now).
    /// - Throws: `INVALID_ARGUMENT` for a row without a `__name__` naming a document of this
    ///   database, an update expression that fails, a read time or a read-only transaction; `NOT_FOUND` (`No document to update: …`) when an updated document is
    ///   missing; `PERMISSION_DENIED` when the rules refuse a write; as `commit` otherwise.
    func runPipelineWrites(
        _ write: PipelineStage, after input: Pipeline, in database: DatabaseID, consistency: ReadConsistency,
        access: AccessContext, autoCommit: Bool, evaluator: PipelineEvaluator, report: inout PipelineReport
    ) async throws(FirestoreError) -> PipelineExecution {
        var transaction: TransactionID?
        switch consistency {
        case .strong: break
        case .transaction(let id): transaction = id
        case .readTime:
            throw FirestoreError(.invalidArgument, "Pipeline DML (update, delete) cannot run at a read time.")
        }
        let rows = try run(input, in: database, consistency: consistency, access: access, evaluator: evaluator, report: &report)
        var writes: [Write] = []
        var written = Set<DocumentKey>()
        for row in rows {
            let key = try Self.writtenKey(of: row, in: database, stage: write.wireName)
            guard written.insert(key).inserted else { continue }
            writes.append(try Self.write(write, of: row, to: key, evaluator: evaluator))
        }
        report.documentsWritten = writes.count
        let summary = [PipelineRow(fields: ["documents_modified": .integer(Int64(writes.count))])]
        if let transaction, !autoCommit {
            // Inside a transaction the writes wait for its commit (and are judged then).
            try transactions.buffer(writes, in: transaction, database: database)
            report.steps.append(PipelineReport.Step(stages: [write.wireName], execution: "\(writes.count) writes held for the transaction's commit"))
            return PipelineExecution(rows: summary, report: report, commitTime: nil)
        }
        let result = try await commit(writes, in: database, transaction: transaction, access: access)
        report.steps.append(PipelineReport.Step(stages: [write.wireName], execution: "one atomic commit of \(writes.count) writes"))
        return PipelineExecution(rows: summary, report: report, commitTime: result.commitTime)
    }

    /// The document a DML stage writes for `row`: the row's own document, or the one its
    /// `__name__` field references.
    private static func writtenKey(of row: PipelineRow, in database: DatabaseID, stage: String) throws(FirestoreError) -> DocumentKey {
        if let key = row.key { return key }
        switch row.fields["__name__"] {
        case .reference(let reference)? where reference.database == database:
            return reference.key
        case .reference(let reference)?:
            throw FirestoreError(
                .invalidArgument, "The \(stage) stage can only write documents of this database, not \(reference.resourceName).")
        default:
            throw FirestoreError(
                .invalidArgument, "The \(stage) stage needs every input row to have a __name__ field naming a document.")
        }
    }

    /// The write `stage` makes of `row` for document `key`.
    private static func write(
        _ stage: PipelineStage, of row: PipelineRow, to key: DocumentKey, evaluator: PipelineEvaluator
    ) throws(FirestoreError) -> Write {
        switch stage {
        case .update(let assignments) where assignments.isEmpty:
            var fields = row.fields
            fields.removeValue(forKey: "__name__")
            return Write(.set(key, fields: fields), precondition: .exists(true))
        case .update(let assignments):
            var fields: [String: Value] = [:]
            var mask: [FieldPath] = []
            for name in assignments.keys.sorted() {
                guard let expression = assignments[name] else { continue }
                let path = try FieldPath(serverFormat: name)
                switch try evaluator.evaluate(expression, row) {
                case .value(let value): fields.setValue(value, at: path)
                case .absent: break
                case .error(let reason): throw FirestoreError(.invalidArgument, "Evaluating \(name) failed: \(reason)")
                }
                mask.append(path)
            }
            return .update(key, fields: fields, mask: mask)
        default:
            return .delete(key)
        }
    }
}
