import Synchronization

/// Coverage counts per expression id, accumulated across requests and threads.
///
/// Isolation: `counts` is guarded by its `Mutex`; each request merges its local counts once.
final class CoverageStore: Sendable {
    /// Counts by expression id (guarded by the mutex).
    private let counts = Mutex<[Int: ExpressionCounts]>([:])

    /// Creates an empty store.
    init() {}

    /// Adds one request's counts.
    func merge(_ local: [Int: ExpressionCounts]) {
        guard !local.isEmpty else { return }
        counts.withLock { stored in
            for (id, value) in local { stored[id, default: ExpressionCounts()].merge(value) }
        }
    }

    /// A copy of every count.
    func snapshot() -> [Int: ExpressionCounts] {
        counts.withLock { $0 }
    }

    /// Forgets every count.
    func reset() {
        counts.withLock { $0 = [:] }
    }
}
