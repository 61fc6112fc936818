import Dispatch
import Synchronization

/// A running listener; `cancel()` stops it for good.
package final class ListenHandle: Sendable {
    private let stop: @Sendable () -> Void
    private let queue: DispatchQueue

    /// A handle whose `cancel` runs `stop` and whose `settled` waits on the listener's `queue`.
    init(queue: DispatchQueue, stop: @escaping @Sendable () -> Void) {
        self.queue = queue
        self.stop = stop
    }

    /// Stops the listener: once this returns, no further event is delivered (one already being
    /// delivered on the listener's queue finishes).
    package func cancel() { stop() }

    /// Returns once the listener has handled every commit that completed before the call —
    /// delivered its event, or found nothing to say. Commits publish their changes before they
    /// return, so `await commit(…)` then `await settled()` is a barrier: an event that has not
    /// arrived by then never will (what tests use instead of sleeping).
    package func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
}

/// Listeners that share one delivery queue: their events come one at a time, and after every
/// listener of the lane has handled a commit, `settled` is called with its version — the point
/// where all of the lane's listeners are consistent with that commit (a Listen stream's global
/// consistency marker).
package final class ListenLane: Sendable {
    /// The shared serial queue.
    let queue: DispatchQueue
    /// Called on the queue after a commit routed to any of the lane's listeners was handled by all.
    let settled: @Sendable (Int64) -> Void

    /// Creates a lane; `settled` gets each commit's version once per listener it reached.
    package init(label: String, settled: @escaping @Sendable (Int64) -> Void) {
        queue = DispatchQueue(label: label, target: Watcher.deliveryThreads)
        self.settled = settled
    }
}

extension Engine {
    /// Listens to one document: the callback first gets its current state (nil when missing),
    /// then its state after every commit that changes it, in commit order, each with the commit
    /// version. A commit that leaves the document as it was gives no event.
    ///
    /// Registration protocol (no commit is missed or doubled): register with the hub, read the
    /// initial state *at* the latest durable version v (from history), deliver it, then replay the
    /// change sets newer than v that arrived in between.
    ///
    /// The listen is judged (`get`) by the access policy for `access` when it starts.
    package func listen(
        _ key: DocumentKey, in database: DatabaseID, access: AccessContext = .admin, lane: ListenLane? = nil,
        onEvent: @escaping @Sendable (Document?, Int64) -> Void
    ) throws(FirestoreError) -> ListenHandle {
        if policy(for: access) != nil {
            try authorizeGet(key, resource: try getDocument(key, in: database), in: database, access: access, version: nil)
        }
        let watcher = DocumentWatcher(key: key, lane: lane, onEvent: onEvent)
        let region = WatchRegion.document(database, key)
        hub.register(watcher, for: region)
        do {
            let version = writer.latestVersion
            let initial = try read { txn in try store.version(database, key: key, at: version, in: txn) }
            watcher.start(initial: initial, version: version)
        } catch {
            hub.unregister(watcher, for: region)
            throw error
        }
        return handle(for: watcher, region: region)
    }

    /// Listens to a query: the first event carries every result as `added`; later ones only the
    /// changes of one commit, with indexes; commits that leave the results unchanged give none.
    /// Same registration protocol as document listeners.
    /// - Throws: `INVALID_ARGUMENT` for an invalid query.
    ///
    /// With `resumingAfter` a version the client already had results for (a resume token), the
    /// first event carries only the changes since then; when that version is older than the
    /// retention window, the first event is a full snapshot (every result `added`), as Firestore
    /// resets a listen whose resume token expired.
    ///
    /// The listen is judged (`list`, from the query's constraints) for `access` when it starts.
    package func listen(
        _ query: StructuredQuery, in database: DatabaseID, resumingAfter resumeVersion: Int64? = nil,
        access: AccessContext = .admin, lane: ListenLane? = nil,
        onEvent: @escaping @Sendable (Result<QuerySnapshotEvent, FirestoreError>) -> Void
    ) throws(FirestoreError) -> ListenHandle {
        guard query.findNearest == nil else {
            throw FirestoreError(.invalidArgument, "A find_nearest query cannot be listened to.")
        }
        let target = try QueryTarget(query, database: database)
        try checkIndexes(target)
        try authorizeList(query, in: database, access: access)
        let covers: @Sendable (DocumentKey) -> Bool = { [query] key in Self.query(query, covers: key) }
        let rerun: @Sendable (Int64) throws(FirestoreError) -> [Document] = { [weak self] version throws(FirestoreError) in
            guard let self else { throw FirestoreError(.unavailable, "The database is closed.") }
            return try documents(matching: target, in: database, at: version).documents
        }
        let watcher = QueryWatcher(target: target, covers: covers, rerun: rerun, lane: lane, onEvent: onEvent)
        let region: WatchRegion = query.allDescendants
            ? .collectionGroup(database, collectionID: query.collectionID)
            : .collection(database, query.parent.appending(query.collectionID ?? ""))
        hub.register(watcher, for: region)
        do {
            let version = writer.latestVersion
            var previous: [Document] = []
            if let resumeVersion, canResume(at: resumeVersion) {
                previous = try rerun(resumeVersion)
            }
            watcher.start(initial: try rerun(version), previous: previous, version: version)
        } catch {
            hub.unregister(watcher, for: region)
            throw error
        }
        return handle(for: watcher, region: region)
    }

    private func handle(for watcher: Watcher, region: WatchRegion) -> ListenHandle {
        ListenHandle(queue: watcher.queue) { [weak self] in
            watcher.cancelled.store(true, ordering: .releasing)
            self?.hub.unregister(watcher, for: region)
        }
    }
}

extension Engine {
    /// The engine's clock now, in microseconds (what commit times and retention are measured on).
    package var nowMicroseconds: Int64 { options.clock.nowMicroseconds() }

    /// Whether a listener may resume at `version`: a commit time this engine has reached, still
    /// inside the history retention window on the engine's clock. One rule for the engine and the
    /// wire's resume tokens (older tokens get a full reset instead).
    package func canResume(at version: Int64) -> Bool {
        version > 0 && version <= writer.latestVersion
            && version >= options.clock.nowMicroseconds() - options.retentionMicroseconds
    }
}
