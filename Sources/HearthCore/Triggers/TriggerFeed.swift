import Dispatch
import Synchronization

/// What the writer publishes, kept for one trigger while it is caught up: the change sets of the
/// commits after its cursor, in commit order, so it need not read back from LMDB what the writer
/// just handed out. Bounded: when the runner falls behind by more than `limit` commits the feed
/// drops what it holds and says so, and the runner reads the commit log again (which holds
/// everything after its cursor) until it has caught up.
final class TriggerFeed: Sendable {
    private let state = Mutex<(commits: [LoggedCommit], overflowed: Bool)>(([], false))
    private let wake: @Sendable () -> Void
    /// Most commits held.
    static let limit = 4_096

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Called (by the fan-out's queue) with the commits since its last call, in commit order;
    /// wakes the runner once for all of them.
    func enqueue(_ commits: [LoggedCommit]) {
        state.withLock { state in
            guard !state.overflowed else { return }
            if state.commits.count + commits.count > Self.limit {
                state.commits.removeAll()
                state.overflowed = true
            } else {
                state.commits.append(contentsOf: commits)
            }
        }
        wake()
    }

    /// The commits held after `version` (taken out), or nil when the feed overflowed since the
    /// last call: then the caller must read the log (and the feed starts afresh).
    func take(after version: Int64) -> [LoggedCommit]? {
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
/// and goes on; its own queue then fills each trigger's feed and wakes the trigger. The change
/// sets published while a hand-over is pending reach each feed together, with one wake, and
/// hand-overs are spaced: under load, each trigger wakes once for a batch of commits instead of
/// once per commit (waking ten tasks per commit took a quarter of the commits' throughput on two
/// cores); an idle engine hands a commit over at once. The space grows with the load: 100 µs
/// per commit the last hand-over carried, at most 2 ms — a lone commit waits at most 100 µs, a
/// busy engine's triggers wake a few hundred times a second.
final class TriggerFanout: ChangeSubscriber, Sendable {
    private let feeds = Mutex<[ObjectIdentifier: TriggerFeed]>([:])
    private let queue = DispatchQueue(label: "hearth.trigger-fanout")
    private let registered = Mutex(false)
    /// Change sets published and not yet handed on, whether a hand-over is scheduled, and when
    /// the last one started (uptime nanoseconds).
    private let pending = Mutex<(changeSets: [ChangeSet], scheduled: Bool, lastDrain: UInt64, gap: UInt64)>(
        ([], false, 0, gapPerCommitNanoseconds))
    /// The time between two hand-overs for each commit the last one carried.
    static let gapPerCommitNanoseconds: UInt64 = 100_000
    /// The longest time between two hand-overs: the most a commit's events wait for company.
    static let maxGapNanoseconds: UInt64 = 2_000_000

    /// Called by the writer thread after each durable commit.
    func enqueue(_ changeSet: ChangeSet) {
        guard feeds.withLock({ !$0.isEmpty }) else { return }
        let wait = pending.withLock { pending -> UInt64? in
            pending.changeSets.append(changeSet)
            guard !pending.scheduled else { return nil }
            pending.scheduled = true
            let now = DispatchTime.now().uptimeNanoseconds
            let next = pending.lastDrain &+ pending.gap
            return next > now ? next - now : 0
        }
        guard let wait else { return }
        if wait == 0 {
            queue.async { [self] in drain() }
        } else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(wait))) { [self] in drain() }
        }
    }

    /// Hands every pending commit to every feed (a feed added since a commit was published gets it
    /// too: its runner skips what its cursor has passed). Each commit's changes are wrapped once
    /// here, for all the triggers.
    private func drain() {
        let changeSets = pending.withLock { pending -> [ChangeSet] in
            defer {
                pending.gap = min(Self.maxGapNanoseconds, Self.gapPerCommitNanoseconds * UInt64(max(1, pending.changeSets.count)))
                pending.changeSets.removeAll(keepingCapacity: true)
                pending.scheduled = false
                pending.lastDrain = DispatchTime.now().uptimeNanoseconds
            }
            return pending.changeSets
        }
        let targets = feeds.withLock { Array($0.values) }
        guard !targets.isEmpty else { return }
        let commits = changeSets.map(LoggedCommit.init)
        for feed in targets { feed.enqueue(commits) }
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
    /// Starts publishing every commit's change set to `feed`.
    func follow(_ feed: TriggerFeed) { triggerFanout.add(feed, hub: hub) }

    /// Stops publishing to `feed`.
    func unfollow(_ feed: TriggerFeed) { triggerFanout.remove(feed) }
}
