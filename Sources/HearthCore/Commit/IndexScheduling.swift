import Synchronization

/// When the writer leaves index work to a backlog and when it catches up (see `IndexBacklog`).
///
/// Groups of at least `deferThreshold` writes, or of at least `deferGroupCommits` commits (many
/// committers at once), defer, unless a reader needed the index within the
/// last `demandWindow`: then every commit indexes in its own transaction, as small ones always do,
/// so readers do not wait behind each other. The backlog is applied when it reaches
/// `backlogLimit` documents or `backlogByteLimit` estimated bytes of their contents, when no commit has arrived for `idleDelay`, when a reader asks, and
/// on close. Both windows are measured on the engine's clock (`EngineOptions.clock`), so tests
/// advance a manual clock instead of waiting for time to pass.
final class IndexScheduling: Sendable {
    /// Fewest writes in a group that defer its index work (0: never defer).
    let deferThreshold: Int
    /// Fewest commits in a group that defer its index work (0: never defer for that reason).
    let deferGroupCommits: Int
    /// Most documents the backlog holds before it is applied.
    let backlogLimit: Int
    /// Most estimated bytes of contents the backlog holds before it is applied.
    let backlogByteLimit: Int
    /// Microseconds without commits after which the backlog is applied.
    let idleDelayMicroseconds: Int64
    /// Microseconds after a reader's demand during which commits index in their own transaction.
    private let demandWindowMicroseconds: Int64
    /// The clock both windows are measured on.
    let clock: any CommitClock
    /// Clock time (µs) of the last reader demand; `Int64.min` = never.
    private let lastDemand = Atomic<Int64>(.min)

    /// A schedule with these limits, its windows measured on `clock`.
    init(
        deferThreshold: Int, deferGroupCommits: Int = 0, backlogLimit: Int, backlogByteLimit: Int = .max, clock: any CommitClock,
        idleDelay: Duration = .milliseconds(50), demandWindow: Duration = .seconds(1)
    ) {
        self.deferThreshold = deferThreshold
        self.deferGroupCommits = deferGroupCommits
        self.backlogLimit = max(1, backlogLimit)
        self.backlogByteLimit = max(1, backlogByteLimit)
        self.clock = clock
        self.idleDelayMicroseconds = idleDelay.wholeMicroseconds
        self.demandWindowMicroseconds = demandWindow.wholeMicroseconds
    }

    /// Notes that a reader needs the index now.
    func noteDemand() {
        lastDemand.store(clock.nowMicroseconds(), ordering: .relaxed)
    }

    /// True while a reader's demand is recent.
    private var demandIsRecent: Bool {
        let demand = lastDemand.load(ordering: .relaxed)
        return demand != .min && clock.nowMicroseconds() - demand < demandWindowMicroseconds
    }

    /// Whether a group of `commits` commits holding `writes` writes should leave its index work
    /// to the backlog.
    func shouldDefer(writes: Int, commits: Int) -> Bool {
        let large = deferThreshold > 0 && writes >= deferThreshold
        let crowded = deferGroupCommits > 0 && commits >= deferGroupCommits
        return (large || crowded) && !demandIsRecent
    }

    /// Forgets the last reader's demand, so that the next groups may defer at once (benchmarks,
    /// whose own wait for the index is not a reader of what follows).
    func forgetDemand() {
        lastDemand.store(.min, ordering: .relaxed)
    }

    /// Whether a backlog of `backlog` documents holding about `bytes` of their contents should be
    /// applied before the next group.
    func shouldCatchUp(backlog: Int, bytes: Int) -> Bool {
        backlog > 0 && (backlog >= backlogLimit || bytes >= backlogByteLimit || demandIsRecent)
    }
}
