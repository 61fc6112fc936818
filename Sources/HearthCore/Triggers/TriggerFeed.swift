import Dispatch
import Synchronization

/// What the writer publishes, kept for one trigger while it is caught up: the change sets of the
/// commits after its cursor, in commit order, so it need not read back from LMDB what the writer
/// just handed out. Bounded: when the runner falls behind by more than `limit` commits the feed
/// drops what it holds and says so, and the runner reads the commit log again (which holds
/// everything after its cursor) until it has caught up.
final class TriggerFeed: Sendable {
    private let state = Mutex<(commits: [ChangeSet], overflowed: Bool)>(([], false))
    private let wake: @Sendable () -> Void
    /// Most commits held.
    static let limit = 4_096

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Called (by the fan-out's queue) after each durable commit, in commit order.
    func enqueue(_ changeSet: ChangeSet) {
        state.withLock { state in
            guard !state.overflowed else { return }
            if state.commits.count >= Self.limit {
                state.commits.removeAll()
                state.overflowed = true
            } else {
                state.commits.append(changeSet)
            }
        }
        wake()
    }

    /// The commits held after `version` (taken out), or nil when the feed overflowed since the
    /// last call: then the caller must read the log (and the feed starts afresh).
    func take(after version: Int64) -> [ChangeSet]? {
        state.withLock { state in
            if state.overflowed {
                state.overflowed = false
                state.commits.removeAll()
                return nil
            }
            defer { state.commits.removeAll(keepingCapacity: true) }
            return state.commits.filter { $0.version > version }
        }
    }

    /// Forgets what it holds (the runner is about to read the log from its cursor).
    func reset() {
        state.withLock { state in
            state.commits.removeAll()
            state.overflowed = false
        }
    }
}

/// The one watch-hub subscriber of every trigger: the writer thread hands it each change set
/// and goes on; its own queue then fills each trigger's feed and wakes the trigger. (Ten triggers
/// subscribed one by one had the writer take ten locks and wake ten tasks per commit, on the
/// thread every commit waits for.)
final class TriggerFanout: ChangeSubscriber, Sendable {
    private let feeds = Mutex<[ObjectIdentifier: TriggerFeed]>([:])
    private let queue = DispatchQueue(label: "hearth.trigger-fanout")
    private let registered = Mutex(false)

    /// Called by the writer thread after each durable commit.
    func enqueue(_ changeSet: ChangeSet) {
        let targets = feeds.withLock { Array($0.values) }
        guard !targets.isEmpty else { return }
        queue.async { for feed in targets { feed.enqueue(changeSet) } }
    }

    /// Adds `feed` (the first one registers the fan-out with `hub`).
    func add(_ feed: TriggerFeed, hub: WatchHub) {
        feeds.withLock { $0[ObjectIdentifier(feed)] = feed }
        let first = registered.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        if first { hub.register(self, for: .everything) }
    }

    /// Removes `feed`.
    func remove(_ feed: TriggerFeed) {
        _ = feeds.withLock { $0.removeValue(forKey: ObjectIdentifier(feed)) }
    }
}

extension Engine {
    /// Starts publishing every commit's change set to `feed`; the handle stops it.
    func follow(_ feed: TriggerFeed) -> ListenHandle {
        triggerFanout.add(feed, hub: hub)
        return ListenHandle(queue: DispatchQueue(label: "hearth.trigger-feed")) { [weak self] in
            self?.triggerFanout.remove(feed)
        }
    }
}

extension ChangeSet {
    /// The change set's changes as the commit log would give them, keeping those `wanted` accepts.
    func loggedChanges(wanted: (DatabaseID, DocumentKey) -> Bool) -> [LoggedChange] {
        changes.enumerated().compactMap { index, change in
            guard wanted(database, change.key) else { return nil }
            return LoggedChange(
                version: version, index: index, database: database, key: change.key, before: change.before,
                after: change.after, depth: depth, author: author)
        }
    }
}
