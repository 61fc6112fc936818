import Synchronization

/// Coverage counts per expression id, accumulated across requests and threads.
///
/// Isolation: the flat counters are guarded by their `Mutex`; each request adds its list of
/// outcome events under one lock.
final class CoverageStore: Sendable {
    /// `OutcomeCode.stride` counters per expression id, by `id * stride + code`.
    private let counters = Mutex<[UInt64]>([])

    /// Creates an empty store.
    init() {}

    /// Adds one request's events (`OutcomeCode.event`).
    func merge(_ events: [UInt64]) {
        guard !events.isEmpty else { return }
        counters.withLock { flat in
            for event in events {
                let index = Int(event >> 8) * OutcomeCode.stride + Int(event & 0xFF)
                if index >= flat.count { flat += repeatElement(0, count: index + 1 - flat.count + OutcomeCode.stride * 16) }
                flat[index] += 1
            }
        }
    }

    /// Every count, by expression id.
    func snapshot() -> [Int: ExpressionCounts] {
        let flat = counters.withLock { $0 }
        var result: [Int: ExpressionCounts] = [:]
        for start in stride(from: 0, to: flat.count - OutcomeCode.stride + 1, by: OutcomeCode.stride) {
            let slice = flat[start..<(start + OutcomeCode.stride)]
            guard slice.contains(where: { $0 > 0 }) else { continue }
            var counts = ExpressionCounts()
            counts.trueCount = Int(flat[start])
            counts.falseCount = Int(flat[start + 1])
            counts.errorCount = Int(flat[start + 2])
            for (offset, name) in OutcomeCode.typeNames.enumerated() where flat[start + 3 + offset] > 0 {
                counts.otherCounts[name] = Int(flat[start + 3 + offset])
            }
            result[start / OutcomeCode.stride] = counts
        }
        return result
    }

    /// Forgets every count.
    func reset() {
        counters.withLock { $0 = [] }
    }
}
