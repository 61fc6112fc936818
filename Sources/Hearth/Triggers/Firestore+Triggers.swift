public import HearthCore

extension Firestore {
    /// Runs `handler` for every document created under `document` (a pattern such as
    /// `"groups/{groupId}"`) in this instance's database: durably (a restart resumes where the
    /// trigger stopped), in commit order, at least once, retried per `options`.
    /// - Parameter name: the trigger's durable name (default: its kind and pattern).
    /// - Throws: `INVALID_ARGUMENT` for a bad pattern; `ALREADY_EXISTS` when a trigger of that name is registered.
    @discardableResult
    public func onDocumentCreated(
        _ document: String, name: String? = nil, options: TriggerOptions = TriggerOptions(),
        _ handler: @escaping @Sendable (FirestoreEvent<QueryDocumentSnapshot>) async throws -> Void
    ) async throws(FirestoreError) -> TriggerRegistration {
        try await register(.created, document, name: name, options: options) { event, firestore in
            try await handler(firestore.event(event) { $0.snapshot(after: true) })
        }
    }

    /// Runs `handler` for every update of an existing document matching `document`, with the
    /// document before and after (see `onDocumentCreated`).
    @discardableResult
    public func onDocumentUpdated(
        _ document: String, name: String? = nil, options: TriggerOptions = TriggerOptions(),
        _ handler: @escaping @Sendable (FirestoreEvent<Change<QueryDocumentSnapshot>>) async throws -> Void
    ) async throws(FirestoreError) -> TriggerRegistration {
        try await register(.updated, document, name: name, options: options) { event, firestore in
            try await handler(firestore.event(event) { Change(before: $0.snapshot(after: false), after: $0.snapshot(after: true)) })
        }
    }

    /// Runs `handler` for every deletion of a document matching `document`, with its last
    /// contents (see `onDocumentCreated`).
    @discardableResult
    public func onDocumentDeleted(
        _ document: String, name: String? = nil, options: TriggerOptions = TriggerOptions(),
        _ handler: @escaping @Sendable (FirestoreEvent<QueryDocumentSnapshot>) async throws -> Void
    ) async throws(FirestoreError) -> TriggerRegistration {
        try await register(.deleted, document, name: name, options: options) { event, firestore in
            try await handler(firestore.event(event) { $0.snapshot(after: false) })
        }
    }

    /// Runs `handler` for every creation, update and deletion of a document matching `document`;
    /// a missing side of the change is a snapshot whose `exists` is false (see `onDocumentCreated`).
    @discardableResult
    public func onDocumentWritten(
        _ document: String, name: String? = nil, options: TriggerOptions = TriggerOptions(),
        _ handler: @escaping @Sendable (FirestoreEvent<Change<DocumentSnapshot>>) async throws -> Void
    ) async throws(FirestoreError) -> TriggerRegistration {
        try await register(.written, document, name: name, options: options) { event, firestore in
            try await handler(firestore.event(event) { Change(before: $0.maybeSnapshot(after: false), after: $0.maybeSnapshot(after: true)) })
        }
    }

    /// Drops a removed trigger's stored cursor and dead letters, so it stops holding the commit log.
    /// - Throws: `FAILED_PRECONDITION` while it is registered.
    public func forgetTrigger(named name: String) async throws(FirestoreError) {
        try await openEngine().forgetTrigger(name)
    }

    private func register(
        _ kind: TriggerEventKind, _ document: String, name: String?, options: TriggerOptions,
        _ run: @escaping @Sendable (TriggerEvent, Firestore) async throws -> Void
    ) async throws(FirestoreError) -> TriggerRegistration {
        let engine = try openEngine()
        let pattern = try DocumentPattern(document)
        let triggerName = name ?? "\(databaseID.project)/\(databaseID.database)/\(kind.rawValue)/\(pattern)"
        let definition = TriggerDefinition(
            name: triggerName, pattern: pattern, kind: kind, project: databaseID.project,
            database: databaseID.database, retry: options.retryPolicy)
        let admin = Firestore(databaseID: databaseID, access: .admin, lease: lease.borrowed())
        try await engine.registerTrigger(definition, deliverer: HandlerDeliverer(firestore: admin, run: run))
        return TriggerRegistration(name: triggerName, engine: engine)
    }

    /// The public event for `event`, its data made by `data` from a snapshot maker.
    fileprivate func event<Data>(_ event: TriggerEvent, _ data: (EventSnapshots) -> Data) -> FirestoreEvent<Data> {
        let change = event.change
        return FirestoreEvent(
            id: change.eventID, time: change.commitTime, document: change.key.path.canonicalString, params: event.params,
            project: change.database.project, database: change.database.database,
            data: data(EventSnapshots(firestore: self, change: change)), firestore: self)
    }
}

/// Calls an embedded handler for each event.
private struct HandlerDeliverer: TriggerDeliverer {
    let firestore: Firestore
    let run: @Sendable (TriggerEvent, Firestore) async throws -> Void

    func deliver(_ event: TriggerEvent) async throws { try await run(event, firestore) }
}

/// Makes the snapshots of one change.
private struct EventSnapshots {
    let firestore: Firestore
    let change: LoggedChange

    private var reference: DocumentReference { DocumentReference(firestore: firestore, key: change.key) }

    /// The side that exists for the event's kind (created/updated: after; deleted: before).
    func snapshot(after: Bool) -> QueryDocumentSnapshot {
        let document = (after ? change.after : change.before) ?? change.after ?? change.before
        return QueryDocumentSnapshot(
            reference: reference,
            document: document ?? Document(key: change.key, fields: [:], createTime: change.commitTime, updateTime: change.commitTime))
    }

    /// One side, missing or not.
    func maybeSnapshot(after: Bool) -> DocumentSnapshot {
        DocumentSnapshot(reference: reference, document: after ? change.after : change.before)
    }
}

extension Firestore {
    /// Returns once every trigger registered on the data directory has handled (or dead-lettered)
    /// every commit made before the call, and the commits their handlers made meanwhile: triggers
    /// run after the write returns, as Cloud Functions do, and this is how a test or a demo waits
    /// for their work.
    public func waitForTriggers() async throws(FirestoreError) {
        try await openEngine().waitForTriggers()
    }
}
