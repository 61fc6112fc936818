import Synchronization

/// Coverage counts per expression id and outcome, accumulated across requests and threads.
///
/// One relaxed atomic counter per (expression, outcome code), allocated once for the file's
/// expression count: recording an outcome is one atomic increment, with no per-request list to
/// build and merge under a lock. Counts read while requests run may be mid-request, as any
/// snapshot of a live counter is.
final class CoverageStore: @unchecked Sendable {
    /// `OutcomeCode.stride` counters per expression id, by `id * stride + code`. Only ever
    /// accessed atomically; owned by this store (`@unchecked Sendable` for the pointer).
    private let counters: UnsafeMutablePointer<Atomic<UInt64>>
    /// How many counters there are.
    private let capacity: Int

    /// A store for expression ids `0..<expressionCount`.
    init(expressionCount: Int) {
        capacity = max(expressionCount, 0) * OutcomeCode.stride
        counters = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: max(capacity, 1))
        for index in 0..<capacity { (counters + index).initialize(to: Atomic<UInt64>(0)) }
    }

    deinit {
        counters.deinitialize(count: capacity)
        counters.deallocate()
    }

    /// Counts one outcome (`OutcomeCode`) of expression `id`; ids outside the file are ignored.
    func record(_ id: Int, _ code: UInt32) {
        let index = id * OutcomeCode.stride + Int(code)
        guard id >= 0, index < capacity else { return }
        counters[index].wrappingAdd(1, ordering: .relaxed)
    }

    /// Every count, by expression id.
    func snapshot() -> [Int: ExpressionCounts] {
        var result: [Int: ExpressionCounts] = [:]
        for start in stride(from: 0, to: capacity, by: OutcomeCode.stride) {
            let slice = (start..<(start + OutcomeCode.stride)).map { Int(counters[$0].load(ordering: .relaxed)) }
            guard slice.contains(where: { $0 > 0 }) else { continue }
            var counts = ExpressionCounts()
            counts.trueCount = slice[0]
            counts.falseCount = slice[1]
            counts.errorCount = slice[2]
            for (offset, name) in OutcomeCode.typeNames.enumerated() where slice[3 + offset] > 0 {
                counts.otherCounts[name] = slice[3 + offset]
            }
            result[start / OutcomeCode.stride] = counts
        }
        return result
    }

    /// Forgets every count.
    func reset() {
        for index in 0..<capacity { counters[index].store(0, ordering: .relaxed) }
    }
}
