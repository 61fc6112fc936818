import Dispatch
import Synchronization

/// A listener's delivery lane: change sets are handled one at a time, in commit order, on its own
/// serial queue; those arriving before the initial snapshot are buffered and replayed after it.
///
/// Isolation: `phase` is touched only on `queue`; `cancelled` is atomic.
class Watcher: ChangeSubscriber, @unchecked Sendable {
    let queue: DispatchQueue
    private var phase: Phase = .starting([])
    let cancelled = Atomic(false)

    enum Phase {
        case starting([ChangeSet])
        case running
    }

    /// The lane shared with other listeners, if any.
    private let lane: ListenLane?

    init(label: String, lane: ListenLane?) {
        queue = lane?.queue ?? DispatchQueue(label: label, target: Self.deliveryThreads)
        self.lane = lane
    }

    /// Where every listener's queue runs: the global concurrent queue, whose threads are bounded
    /// by the cores. (A queue made without a target runs on libdispatch's overcommit pool, which
    /// starts a thread whenever a queue has work and no thread is idle: attaching listeners in a
    /// burst made about a hundred threads, each keeping up to 1,024 spent work items (64 KB) in
    /// its own cache.)
    static var deliveryThreads: DispatchQueue { .global(qos: .default) }

    /// Tells the lane, on the shared queue, that change set `version` has been handled by every
    /// listener of the lane it was routed to.
    func settle(_ version: Int64) {
        guard let lane else { return }
        queue.async { [lane] in lane.settled(version) }
    }

    func enqueue(_ changeSet: ChangeSet) {
        queue.async { [self] in
            switch phase {
            case .starting(let buffered): phase = .starting(buffered + [changeSet])
            case .running: if !cancelled.load(ordering: .acquiring) { apply(changeSet) }
            }
        }
    }

    /// Delivers the initial snapshot taken at `version`, then every buffered change newer than it.
    func start(version: Int64, initial: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard case .starting(let buffered) = phase else { return }
            phase = .running
            guard !cancelled.load(ordering: .acquiring) else { return }
            initial()
            for changeSet in buffered where changeSet.version > version {
                if cancelled.load(ordering: .acquiring) { return }
                apply(changeSet)
            }
        }
    }

    /// Handles one change set (on `queue`). Subclasses override.
    func apply(_ changeSet: ChangeSet) {}
}

/// Follows one document.
final class DocumentWatcher: Watcher, @unchecked Sendable {
    // `current` is touched only on `queue`.
    private var current: Document?
    private let key: DocumentKey
    private let onEvent: @Sendable (Document?, Int64) -> Void

    init(key: DocumentKey, lane: ListenLane?, onEvent: @escaping @Sendable (Document?, Int64) -> Void) {
        self.key = key
        self.onEvent = onEvent
        super.init(label: "hearth.listen.document", lane: lane)
    }

    func start(initial document: Document?, version: Int64) {
        start(version: version) { [self] in
            current = document
            onEvent(document, version)
        }
    }

    override func apply(_ changeSet: ChangeSet) {
        guard let change = changeSet.changes.last(where: { $0.key == key }), change.after != current else { return }
        current = change.after
        onEvent(change.after, changeSet.version)
    }
}

/// Follows a query's result window.
final class QueryWatcher: Watcher, @unchecked Sendable {
    // `view` is touched only on `queue`.
    private var view = QueryView()
    private let target: QueryTarget
    private let covers: @Sendable (DocumentKey) -> Bool
    private let rerun: @Sendable (Int64) throws(FirestoreError) -> [Document]
    private let onEvent: @Sendable (Result<QuerySnapshotEvent, FirestoreError>) -> Void

    init(
        target: QueryTarget, covers: @escaping @Sendable (DocumentKey) -> Bool,
        rerun: @escaping @Sendable (Int64) throws(FirestoreError) -> [Document], lane: ListenLane?,
        onEvent: @escaping @Sendable (Result<QuerySnapshotEvent, FirestoreError>) -> Void
    ) {
        self.target = target
        self.covers = covers
        self.rerun = rerun
        self.onEvent = onEvent
        super.init(label: "hearth.listen.query", lane: lane)
    }

    /// Delivers the first snapshot: the changes from `previous` (empty for a fresh listen, the
    /// results at the resume version otherwise) to `documents`.
    func start(initial documents: [Document], previous: [Document], version: Int64) {
        start(version: version) { [self] in
            view = QueryView(documents)
            onEvent(.success(QuerySnapshotEvent(
                changes: ViewChanges.between(previous, documents, compare: target.compare), version: version,
                window: view.ordered)))
        }
    }

    override func apply(_ changeSet: ChangeSet) {
        let relevant = changeSet.changes.filter { covers($0.key) }
        guard !relevant.isEmpty else { return }
        let changes: [DocumentChangeEvent]
        if target.query.limit != nil || target.query.offset > 0 || target.query.projection != nil {
            // A limited window may need documents outside it (a refill), and a projected one cannot
            // be re-matched: read the query as of this commit and diff the (bounded) windows.
            let next: [Document]
            do {
                next = try rerun(changeSet.version)
            } catch {
                onEvent(.failure(error))
                return
            }
            changes = ViewChanges.between(view.documents, next, compare: target.compare)
            view = QueryView(next)
        } else {
            // Compute from the current view (taken out so its storage is updated in place), then apply.
            let current = view
            view = QueryView()
            let next = current.applying(relevant, target: target)
            view = next.view
            changes = next.changes
        }
        guard !changes.isEmpty else { return }
        onEvent(.success(QuerySnapshotEvent(changes: changes, version: changeSet.version, window: view.ordered)))
    }
}
