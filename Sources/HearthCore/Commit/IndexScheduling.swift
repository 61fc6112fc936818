import Dispatch
import Synchronization

/// When the writer leaves index work to a backlog and when it catches up (see `IndexBacklog`).
///
/// Groups of at least `deferThreshold` writes defer, unless a reader needed the index within the
/// last `demandWindow`: then every commit indexes in its own transaction, as small ones always do,
/// so readers do not wait behind each other. The backlog is applied when it reaches
/// `backlogLimit` documents, when no commit has arrived for `idleDelay`, when a reader asks, and
/// on close.
package final class IndexScheduling: Sendable {
    /// Fewest writes in a group that defer its index work (0: never defer).
    package let deferThreshold: Int
    /// Most documents the backlog holds before it is applied.
    package let backlogLimit: Int
    /// Seconds without commits after which the backlog is applied.
    package let idleDelay: Double
    /// Nanoseconds after a reader's demand during which commits index in their own transaction.
    private let demandWindow: UInt64
    /// Uptime (ns) of the last reader demand; 0 = never.
    private let lastDemand = Atomic<UInt64>(0)

    /// A schedule with these limits.
    package init(deferThreshold: Int, backlogLimit: Int, idleDelay: Double = 0.05, demandWindowSeconds: Double = 1) {
        self.deferThreshold = deferThreshold
        self.backlogLimit = max(1, backlogLimit)
        self.idleDelay = idleDelay
        self.demandWindow = UInt64(demandWindowSeconds * 1e9)
    }

    /// Notes that a reader needs the index now.
    package func noteDemand() {
        lastDemand.store(max(1, DispatchTime.now().uptimeNanoseconds), ordering: .relaxed)
    }

    /// Forgets the last demand, as if its window had passed.
    package func forgetDemand() {
        lastDemand.store(0, ordering: .relaxed)
    }

    /// True while a reader's demand is recent.
    private var demandIsRecent: Bool {
        let demand = lastDemand.load(ordering: .relaxed)
        return demand != 0 && DispatchTime.now().uptimeNanoseconds &- demand < demandWindow
    }

    /// Whether a group of `writes` writes should leave its index work to the backlog.
    package func shouldDefer(writes: Int) -> Bool {
        deferThreshold > 0 && writes >= deferThreshold && !demandIsRecent
    }

    /// Whether a backlog of `backlog` documents should be applied before the next group.
    package func shouldCatchUp(backlog: Int) -> Bool {
        backlog > 0 && (backlog >= backlogLimit || demandIsRecent)
    }
}
