/// Applies the writes of one commit, in order, on top of the stored state, as a pure computation.
///
/// Each write sees the result of the writes before it in the same commit. A failed precondition or
/// an invalid write fails the whole commit: nothing of it is applied (the caller stores only a
/// successful plan).
enum CommitApplier {
    /// The result of applying a commit: what to store and what to report.
    struct Plan {
        /// One result per write, in order.
        var writeResults: [WriteResult]
        /// The documents whose stored state changes, in first-touched order.
        var changes: [Change]
    }

    /// One document's change: its state before the commit and after it (nil = missing).
    struct Change {
        /// The document.
        var key: DocumentKey
        /// The stored contents before the commit.
        var before: DocumentRecord.Contents?
        /// The contents after the commit.
        var after: DocumentRecord.Contents?
    }

    /// Asked only when a write holds a BSON map: whether the database accepts BSON values (an
    /// Enterprise database). Most commits never ask, so they never read the edition.
    typealias BSONPermission = () throws(FirestoreError) -> Bool

    /// Applies `writes` at `commitTime`, reading stored documents through `load`.
    static func apply(
        _ writes: [Write], database: DatabaseID, commitTime: Timestamp, allowsBSON: @escaping BSONPermission = { false },
        load: (DocumentKey) throws(FirestoreError) -> DocumentRecord.Contents?
    ) throws(FirestoreError) -> Plan {
        var run = Run(database: database, commitTime: commitTime, expected: writes.count, allowsBSON: allowsBSON)
        for write in writes { try run.apply(write, load: load) }
        return run.plan()
    }

    /// A commit applied one write at a time, for writes that arrive while the commit is being
    /// applied (`WriteFeed`): the same plan as `apply` once every write has gone through it.
    struct Run {
        private let database: DatabaseID
        private let commitTime: Timestamp
        private let allowsBSON: BSONPermission
        // One slot per touched document, found with a single hash lookup per write.
        private var slotOf: [DocumentKey: Int] = [:]
        private var keys: [DocumentKey] = []
        private var originals: [DocumentRecord.Contents?] = []
        private var current: [DocumentRecord.Contents?] = []
        private var results: [WriteResult] = []

        /// A run of a commit at `commitTime` in `database`, sized for `expected` writes; BSON values
        /// are accepted where `allowsBSON` says so.
        init(database: DatabaseID, commitTime: Timestamp, expected: Int, allowsBSON: @escaping BSONPermission = { false }) {
            self.database = database
            self.commitTime = commitTime
            self.allowsBSON = allowsBSON
            results.reserveCapacity(expected)
        }

        /// Applies the next write on top of the stored state (`load`) and the writes before it.
        /// - Throws: the write's failed precondition or invalid data; the commit then fails whole.
        mutating func apply(
            _ write: Write, load: (DocumentKey) throws(FirestoreError) -> DocumentRecord.Contents?
        ) throws(FirestoreError) {
            let key = write.key
            let slot: Int
            let touchedBefore: Bool
            if let known = slotOf[key] {
                slot = known
                touchedBefore = true
            } else {
                let stored = try load(key)
                slot = keys.count
                slotOf[key] = slot
                keys.append(key)
                originals.append(stored)
                current.append(stored)
                touchedBefore = false
            }
            let state = current[slot]
            try checkPrecondition(write, state: state, database: database, commitTime: commitTime, touchedBefore: touchedBefore)
            let (next, result) = try applyOne(write, to: state, database: database, commitTime: commitTime, allowsBSON: allowsBSON)
            current[slot] = next
            results.append(result)
        }

        /// The plan of the writes applied so far.
        func plan() -> Plan {
            var changes: [Change] = []
            for (slot, key) in keys.enumerated() {
                let before = originals[slot]
                var after = current[slot]
                if let b = before, let a = after, a.fields == b.fields { after = b }  // net no-op keeps its times
                if before != after { changes.append(Change(key: key, before: before, after: after)) }
            }
            return Plan(writeResults: results, changes: changes)
        }
    }

    /// Checks a write's precondition against the document's state before it. An `update_time`
    /// later than this commit's time names a version that cannot exist yet: `INVALID_ARGUMENT`.
    private static func checkPrecondition(
        _ write: Write, state: DocumentRecord.Contents?, database: DatabaseID, commitTime: Timestamp, touchedBefore: Bool
    ) throws(FirestoreError) {
        var name: String { write.key.resourceName(in: database) }  // built only when a check fails
        var failure: FirestoreError?
        switch write.precondition {
        case .none:
            break
        case .exists(true) where state == nil:
            failure = FirestoreError(.notFound, "No document to update: \(name)")
        case .exists(false) where state != nil:
            failure = FirestoreError(.alreadyExists, "Document already exists: \(name)")
        case .exists:
            break
        case .updateTime(let required) where required.microseconds > commitTime.microseconds:
            throw FirestoreError(
                .invalidArgument,
                "Precondition update_time \(required) is in the future: no document can have been updated after the latest commit (\(commitTime)).")
        case .updateTime(let required):
            let stored = state?.updateTime ?? 0
            if stored != required.microseconds || state == nil {
                failure = FirestoreError(
                    .failedPrecondition,
                    "the stored version (\(stored)) does not match the required base version (\(required.microseconds))")
            }
        }
        guard var failure else { return }
        // Firestore reports a precondition broken by an earlier write of the same commit as INVALID_ARGUMENT.
        if touchedBefore { failure = FirestoreError(.invalidArgument, failure.message) }
        throw failure
    }

    private static func applyOne(
        _ write: Write, to state: DocumentRecord.Contents?, database: DatabaseID, commitTime: Timestamp,
        allowsBSON: BSONPermission
    ) throws(FirestoreError) -> (DocumentRecord.Contents?, WriteResult) {
        var fields: [String: Value]
        switch write.operation {
        case .verify:
            guard write.transforms.isEmpty else { throw transformsNotAllowed(write) }
            return (state, WriteResult(updateTime: nil, transformResults: []))
        case .delete:
            guard write.transforms.isEmpty else { throw transformsNotAllowed(write) }
            return (nil, WriteResult(updateTime: nil, transformResults: []))
        case .set(_, let newFields):
            fields = newFields
        case .update(_, let newFields, let mask):
            try MaskValidation.validate(mask: mask)
            fields = state?.fields ?? [:]
            for path in mask {
                if let value = newFields.value(at: path) {
                    fields.setValue(value, at: path)
                } else {
                    fields.removeValue(at: path)
                }
            }
        }

        try MaskValidation.validate(transforms: write.transforms)
        var transformResults: [Value] = []
        transformResults.reserveCapacity(write.transforms.count)
        for transform in write.transforms {
            try TransformApplier.validate(transform, allowsBSON: allowsBSON)
            let newValue = TransformApplier.apply(
                transform.kind, to: fields.value(at: transform.fieldPath), commitTime: commitTime)
            fields.setValue(newValue, at: transform.fieldPath)
            transformResults.append(TransformApplier.reportedResult(transform.kind, newValue: newValue))
        }

        if let normalized = Value.normalizedFields(fields) { fields = normalized }
        try Value.validateFields(fields, askingForBSON: allowsBSON)
        try DocumentSize.check(key: write.key, database: database, fields: fields)

        if let state, state.fields == fields {
            return (state, WriteResult(updateTime: Timestamp(microseconds: state.updateTime), transformResults: transformResults))
        }
        if let kept = write.preservedTimes {
            let next = DocumentRecord.Contents(
                fields: fields, createTime: kept.createTime.microseconds, updateTime: kept.updateTime.microseconds)
            return (next, WriteResult(updateTime: kept.updateTime, transformResults: transformResults))
        }
        let time = commitTime.microseconds
        let next = DocumentRecord.Contents(fields: fields, createTime: state?.createTime ?? time, updateTime: time)
        return (next, WriteResult(updateTime: commitTime, transformResults: transformResults))
    }

    private static func transformsNotAllowed(_ write: Write) -> FirestoreError {
        FirestoreError(.invalidArgument, "Field transforms are only allowed with set and update writes (\(write.key)).")
    }
}
