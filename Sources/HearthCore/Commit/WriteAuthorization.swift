/// Judges every write of a commit by the access policy, in the writer, before anything is stored:
/// one denial fails the whole commit (batches and transactions are all or nothing).
enum WriteAuthorization {
    /// Throws `PERMISSION_DENIED` unless `policy` allows each write. `stored` reads a document as it
    /// was before the commit (`get`, `resource`); the plan's results give the state after it
    /// (`getAfter`, `request.resource`).
    static func check(
        _ request: CommitRequest, policy: any AccessPolicy, plan: CommitApplier.Plan, commitTime: Timestamp,
        stored: @escaping (DocumentKey) throws(FirestoreError) -> Document?
    ) throws(FirestoreError) {
        var after: [DocumentKey: Document?] = [:]
        for change in plan.changes {
            after[change.key] = DocumentRecord(contents: change.after, fullID: nil).document(key: change.key)
        }
        let lookup = CommitLookup(stored: stored, after: after)
        let limit = request.writes.count > 1 ? 20 : 10
        for write in request.writes {
            let key = write.key
            let method: AccessRequest.Method
            var writeFields: [FieldPath]?
            let before = try stored(key)
            switch write.operation {
            case .verify: continue
            case .delete: method = .delete
            case .set: method = before == nil ? .create : .update
            case .update(_, _, let mask):
                method = before == nil ? .create : .update
                writeFields = mask + write.transforms.map(\.fieldPath)
            }
            let incoming: Document? = method == .delete ? nil : (after[key] ?? before)
            let accessRequest = AccessRequest(
                database: request.database, method: method, path: key.path, auth: request.access, time: commitTime,
                resource: before, incoming: incoming, writeFields: writeFields, accessCallLimit: limit,
                verdictLog: request.verdictLog)
            if case .deny(let detail) = policy.authorize(accessRequest, lookup: lookup) {
                throw FirestoreError.permissionDenied(detail: detail)
            }
        }
    }
}

extension WriteAuthorization {
    /// Judges, before the preconditions are checked, each write whose `exists` precondition fails
    /// on the stored document — an `update()` of a missing document (judged as `update`), a
    /// `create()` of a stored one (judged as `create`), a delete that must find its document
    /// (judged as `delete`) — with `resource` null and `request.resource` the write applied to an
    /// empty document. A denial wins over `NOT_FOUND`
    /// and `ALREADY_EXISTS`, as in Firestore, so a caller the rules refuse cannot probe whether a
    /// document exists. A write to a document an earlier write of the commit touched is left to
    /// the applier.
    static func checkFailingPreconditions(
        _ request: CommitRequest, policy: any AccessPolicy, commitTime: Timestamp,
        allowsBSON: @escaping CommitApplier.BSONPermission,
        stored: @escaping (DocumentKey) throws(FirestoreError) -> Document?
    ) throws(FirestoreError) {
        let lookup = CommitLookup(stored: stored, after: [:])
        let limit = request.writes.count > 1 ? 20 : 10
        var touched: Set<DocumentKey> = []
        for write in request.writes {
            let key = write.key
            guard touched.insert(key).inserted, case .exists(let mustExist) = write.precondition else { continue }
            if case .verify = write.operation { continue }
            guard (try stored(key) != nil) != mustExist else { continue }
            let method: AccessRequest.Method
            var writeFields: [FieldPath]?
            switch write.operation {
            case .delete: method = .delete
            case .update(_, _, let mask):
                method = mustExist ? .update : .create
                writeFields = mask + write.transforms.map(\.fieldPath)
            default: method = mustExist ? .update : .create
            }
            var unconditional = write
            unconditional.precondition = .none
            let applied = try CommitApplier.apply(
                [unconditional], database: request.database, commitTime: commitTime, allowsBSON: allowsBSON
            ) {
                _ throws(FirestoreError) in nil
            }
            let incoming = applied.changes.first.flatMap { DocumentRecord(contents: $0.after, fullID: nil).document(key: key) }
            let accessRequest = AccessRequest(
                database: request.database, method: method, path: key.path, auth: request.access, time: commitTime,
                resource: nil, incoming: incoming, writeFields: writeFields, accessCallLimit: limit,
                verdictLog: request.verdictLog)
            if case .deny(let detail) = policy.authorize(accessRequest, lookup: lookup) {
                throw FirestoreError.permissionDenied(detail: detail)
            }
        }
    }
}

/// `get` sees the database before the commit; `getAfter` sees it with all the commit's writes.
private struct CommitLookup: DocumentLookup {
    let stored: (DocumentKey) throws(FirestoreError) -> Document?
    let after: [DocumentKey: Document?]

    func document(at path: ResourcePath) throws(FirestoreError) -> Document? {
        guard path.isDocumentPath else { return nil }
        return try stored(DocumentKey(unchecked: path))
    }

    func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document? {
        guard path.isDocumentPath else { return nil }
        let key = DocumentKey(unchecked: path)
        if let known = after[key] { return known }
        return try stored(key)
    }
}
