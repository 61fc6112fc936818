import FirestoreWire
import HearthCore

/// The Listen target protocol of one stream as a value: events in, actions out, no I/O.
///
/// Per target it sends ADD, the initial documents (or, when resuming, only what changed since the
/// resume point; RESET first when that point is out of reach), CURRENT, then per commit the
/// changed documents. After every consistent point it sends the global marker: `NO_CHANGE` with
/// empty `target_ids`, a `read_time` that never decreases and a resume token for that time. After
/// a commit the marker waits for `laneSettled`, when every listener of the stream's shared lane
/// has handled it: one marker per commit, never one between targets.
struct ListenStateMachine: Sendable {
    /// One target of the stream.
    private struct Target: Sendable {
        /// Documents targets: the documents, in request order.
        var keys: [DocumentKey] = []
        /// Documents targets: documents whose initial state has not arrived yet.
        var pending: Set<DocumentKey> = []
        /// Documents targets resumed at a version: each document's update time then (absent = missing).
        var prior: [DocumentKey: Timestamp]?
        /// A resumed documents target waiting for `documentsRead`.
        var awaitingRead = false
        /// Whether the machine asked for listeners of this target (so they must be stopped).
        var listening = false
        /// Whether the target has sent CURRENT.
        var current = false
        /// Whether the target goes away by itself after its first consistent point.
        var once = false
        /// The newest version the target has seen.
        var version: Int64 = 0
    }

    /// How far the stream has come.
    enum Phase: Sendable, Equatable {
        /// Taking requests and sending responses.
        case open
        /// The response stream has ended (failed, shut down or half-closed); listeners still run.
        case ended
        /// The RPC is over and every listener was told to stop.
        case closed
    }

    /// How far back resume tokens reach, in microseconds.
    let retentionMicroseconds: Int64
    /// The database the stream is on (set by its first request).
    private var database: DatabaseID?
    /// The targets by id.
    private var targets: [Int32: Target] = [:]
    /// Where the stream stands.
    private(set) var phase = Phase.open
    /// The version of the last global marker.
    private var lastMarker: Int64 = 0
    /// The newest version of changes sent since the last marker, waiting for the lane to settle.
    private var pendingMarker: Int64?
    /// The next id tried for a target the client gave none.
    private var nextAssignedID: Int32 = 1_000_000

    /// A machine for a stream whose resume tokens reach `retentionMicroseconds` back.
    init(retentionMicroseconds: Int64) {
        self.retentionMicroseconds = retentionMicroseconds
    }

    /// Whether listeners started for `target` should be kept (false once it is gone).
    func keepsListeners(of target: Int32) -> Bool { targets[target] != nil }

    /// Takes one event and returns what to do, in order.
    mutating func handle(_ event: ListenEvent) -> [ListenAction] {
        switch (phase, event) {
        case (.closed, _): return []
        case (_, .closed): return close()
        case (.ended, _): return []
        case (.open, .request(let request, let moment)): return receive(request, at: moment)
        case (.open, .documentsRead(let target, let updateTimes, let latestVersion)):
            return documentsRead(target, updateTimes: updateTimes, latestVersion: latestVersion)
        case (.open, .documentChanged(let target, let key, let document, let version)):
            return documentChanged(target, key: key, document: document, version: version)
        case (.open, .queryChanged(let target, let changes, let version)):
            return queryChanged(target, changes: changes, version: version)
        case (.open, .engineFailed(let target, let error)): return remove(target, cause: error)
        case (.open, .laneSettled(let version)): return settled(version)
        case (.open, .inputFinished): return end(with: .finish)
        case (.open, .shutdown): return end(with: .fail(FirestoreError(.unavailable, "The Hearth emulator is shutting down.")))
        }
    }

    // MARK: Requests

    /// A client request: checks its database, then adds or removes a target.
    private mutating func receive(_ request: Google_Firestore_V1_ListenRequest, at moment: ListenMoment) -> [ListenAction] {
        let requested: DatabaseID
        do throws(FirestoreError) {
            requested = try ResourceName.database(request.database)
            if let known = database, known != requested {
                throw FirestoreError(.invalidArgument, "A Listen stream must stay on one database; it started on \(known.resourceName).")
            }
        } catch {
            return end(with: .fail(error))
        }
        database = requested
        switch request.targetChange {
        case .addTarget(let target): return add(target, in: requested, at: moment)
        case .removeTarget(let id): return remove(id, cause: nil)
        case nil: return []
        }
    }

    /// Adds a target: ADD, then the work that brings its initial state (REMOVE with the cause
    /// instead when it is invalid); a target id already in use is refused with REMOVE alone.
    private mutating func add(_ request: Google_Firestore_V1_Target, in database: DatabaseID, at moment: ListenMoment) -> [ListenAction] {
        let id: Int32
        if request.targetID == 0 {
            id = unusedAssignedID()
        } else if targets[request.targetID] != nil {
            let cause = FirestoreError(.invalidArgument, "Target id \(request.targetID) is already in use on this stream.")
            return [.send(ListenMessages.targetChange(.remove, targets: [request.targetID], cause: cause))]
        } else {
            id = request.targetID
        }
        targets[id] = Target(once: request.once)
        let added = ListenAction.send(ListenMessages.targetChange(.add, targets: [id]))
        let parsed: ListenTargetRequest
        do throws(FirestoreError) {
            parsed = try ListenTargetRequest(request, in: database, at: moment, retentionMicroseconds: retentionMicroseconds)
        } catch {
            return [added] + remove(id, cause: error)
        }
        switch parsed.kind {
        case .documents(let keys):
            return [added] + startDocuments(id, keys: keys, resume: parsed.resume, in: database, latestVersion: moment.latestVersion)
        case .query(let query):
            return [added] + startQuery(id, query: query, resume: parsed.resume, in: database)
        }
    }

    /// The first id from the assigned range that no target uses (for targets sent with id 0).
    private mutating func unusedAssignedID() -> Int32 {
        while targets[nextAssignedID] != nil { nextAssignedID += 1 }
        defer { nextAssignedID += 1 }
        return nextAssignedID
    }

    /// A documents target: reads the resume point first when there is one, else starts at once.
    private mutating func startDocuments(
        _ id: Int32, keys: [DocumentKey], resume: ListenTargetRequest.Resume, in database: DatabaseID, latestVersion: Int64
    ) -> [ListenAction] {
        targets[id]?.keys = keys
        switch resume {
        case .after(let version):
            targets[id]?.awaitingRead = true
            return [.readDocuments(target: id, keys: keys, in: database, at: version)]
        case .fresh:
            return beginDocuments(id, prior: nil, in: database, latestVersion: latestVersion)
        case .unreachable:
            return [reset(id)] + beginDocuments(id, prior: nil, in: database, latestVersion: latestVersion)
        }
    }

    /// A resumed documents target's resume point was read: RESET when it could not be, then start.
    private mutating func documentsRead(_ id: Int32, updateTimes: [DocumentKey: Timestamp]?, latestVersion: Int64) -> [ListenAction] {
        guard targets[id]?.awaitingRead == true, let database else { return [] }
        targets[id]?.awaitingRead = false
        let reset = updateTimes == nil ? [reset(id)] : []
        return reset + beginDocuments(id, prior: updateTimes, in: database, latestVersion: latestVersion)
    }

    /// Starts a documents target's listeners; with no documents it is current at once, at
    /// `latestVersion`.
    private mutating func beginDocuments(
        _ id: Int32, prior: [DocumentKey: Timestamp]?, in database: DatabaseID, latestVersion: Int64
    ) -> [ListenAction] {
        guard var target = targets[id] else { return [] }
        target.pending = Set(target.keys)
        target.prior = prior
        guard !target.keys.isEmpty else {
            target.current = true
            target.version = latestVersion
            targets[id] = target
            return [.send(ListenMessages.targetChange(.current, targets: [id], version: latestVersion))]
                + finishConsistentPoint(target: id, version: latestVersion)
        }
        target.listening = true
        targets[id] = target
        return [.listenToDocuments(target: id, keys: target.keys, in: database)]
    }

    /// A query target: RESET when its resume point is out of reach, then its listener (which
    /// sends only the changes after a usable resume point).
    private mutating func startQuery(
        _ id: Int32, query: StructuredQuery, resume: ListenTargetRequest.Resume, in database: DatabaseID
    ) -> [ListenAction] {
        targets[id]?.listening = true
        switch resume {
        case .fresh: return [.listenToQuery(target: id, query: query, in: database, resumingAfter: nil)]
        case .unreachable: return [reset(id), .listenToQuery(target: id, query: query, in: database, resumingAfter: nil)]
        case .after(let version): return [.listenToQuery(target: id, query: query, in: database, resumingAfter: version)]
        }
    }

    /// RESET for a target whose resume point could not be used.
    private func reset(_ id: Int32) -> ListenAction {
        .send(ListenMessages.targetChange(.reset, targets: [id]))
    }

    /// Removes a target (the client asked, or `cause` made it fail); nothing for an unknown id.
    private mutating func remove(_ id: Int32, cause: FirestoreError?) -> [ListenAction] {
        guard let target = targets.removeValue(forKey: id) else { return [] }
        var actions: [ListenAction] = [.send(ListenMessages.targetChange(.remove, targets: [id], cause: cause))]
        if target.listening { actions.append(.stopListeners(target: id)) }
        return actions
    }

    /// Ends the response stream with `action` (`finish` or `fail`); later events are ignored.
    private mutating func end(with action: ListenAction) -> [ListenAction] {
        phase = .ended
        return [action]
    }

    /// The RPC ended: stops every target's listeners and ends the response stream if still open.
    private mutating func close() -> [ListenAction] {
        let wasOpen = phase == .open
        phase = .closed
        let listening = targets.filter(\.value.listening).keys.sorted()
        targets = [:]
        return listening.map { ListenAction.stopListeners(target: $0) } + (wasOpen ? [.finish] : [])
    }

    // MARK: Events from the engine's listeners

    /// A document of a documents target: its initial state (compared with the resume point, if
    /// any) until every document has one, then its changes.
    private mutating func documentChanged(_ id: Int32, key: DocumentKey, document: Document?, version: Int64) -> [ListenAction] {
        guard var target = targets[id], let database else { return [] }
        var actions: [ListenAction] = []
        let wasCurrent = target.current
        /// The document's new state: its contents, or its deletion.
        func change() -> ListenAction {
            .send(document.map { ListenMessages.documentChange($0, in: database, target: id) }
                ?? ListenMessages.documentDelete(key, in: database, target: id, version: version))
        }
        target.version = max(target.version, version)
        if target.pending.remove(key) != nil {
            if let prior = target.prior {
                if prior[key] != document?.updateTime { actions.append(change()) }
            } else if document != nil {
                actions.append(change())
            }
            if target.pending.isEmpty {
                target.current = true
                actions.append(.send(ListenMessages.targetChange(.current, targets: [id], version: target.version)))
            }
        } else {
            actions.append(change())
        }
        targets[id] = target
        if wasCurrent {
            pendingMarker = max(pendingMarker ?? 0, version)
        } else if target.current {
            actions += finishConsistentPoint(target: id, version: target.version)
        }
        return actions
    }

    /// A query target's results: the first event makes it current, later ones wait for the lane.
    private mutating func queryChanged(_ id: Int32, changes: [QueryResultChange], version: Int64) -> [ListenAction] {
        guard var target = targets[id], let database else { return [] }
        var actions: [ListenAction] = changes.map { change in
            switch change {
            case .present(let document): .send(ListenMessages.documentChange(document, in: database, target: id))
            case .left(let key): .send(ListenMessages.documentRemove(key, in: database, target: id, version: version))
            }
        }
        target.version = max(target.version, version)
        if target.current {
            targets[id] = target
            pendingMarker = max(pendingMarker ?? 0, version)
            return actions
        }
        target.current = true
        actions.append(.send(ListenMessages.targetChange(.current, targets: [id], version: target.version)))
        targets[id] = target
        return actions + finishConsistentPoint(target: id, version: version)
    }

    /// Every listener has handled the commit at `version`: the marker for the changes sent up to
    /// it can go out.
    private mutating func settled(_ version: Int64) -> [ListenAction] {
        guard let pending = pendingMarker, pending <= version else { return [] }
        return finishConsistentPoint(target: nil, version: pending)
    }

    /// After a target's initial changes (`target`), or once the lane settled after later ones: the
    /// global marker once every target is current, then the automatic removal of a `once` target.
    private mutating func finishConsistentPoint(target id: Int32?, version: Int64) -> [ListenAction] {
        guard targets.values.allSatisfy(\.current) else { return [] }
        let marker = max(lastMarker, version, pendingMarker ?? 0)
        lastMarker = marker
        pendingMarker = nil
        var actions: [ListenAction] = [.send(ListenMessages.targetChange(.noChange, targets: [], version: marker))]
        if let id, let target = targets[id], target.once {
            targets[id] = nil
            actions.append(.send(ListenMessages.targetChange(.remove, targets: [id])))
            if target.listening { actions.append(.stopListeners(target: id)) }
        }
        return actions
    }
}
