import Synchronization

/// What the clients were told: each write acknowledged, and each sent whose answer never came
/// (the kill cut it off: it may or may not have been applied). The checks compare this with what
/// the restarted server holds.
final class SoakLedger: Sendable {
    /// A batch of `size` documents in `collection` of `database`, all tagged with the batch id.
    struct Batch: Sendable, Hashable {
        let database: String
        let collection: String
        let id: String
        let size: Int
    }

    /// A counter (a document field a commit adds one to): commits acknowledged and in doubt.
    struct Count: Sendable {
        var acknowledged = 0
        var inDoubt = 0
    }

    private struct State {
        var acknowledged: [Batch: Void] = [:]
        var inDoubt: [Batch: Void] = [:]
        var counts: [String: Count] = [:]
    }

    private let state = Mutex(State())

    /// A batch is about to be sent.
    func sending(_ batch: Batch) { state.withLock { $0.inDoubt[batch] = () } }

    /// The batch's commit was acknowledged.
    func acknowledged(_ batch: Batch) {
        state.withLock {
            $0.inDoubt[batch] = nil
            $0.acknowledged[batch] = ()
        }
    }

    /// The batch's commit certainly failed (the server answered with an error).
    func refused(_ batch: Batch) { state.withLock { $0.inDoubt[batch] = nil } }

    /// An increment of the counter `key` is about to be sent.
    func sendingIncrement(_ key: String) { state.withLock { $0.counts[key, default: Count()].inDoubt += 1 } }

    /// The increment was acknowledged (`true`) or certainly refused (`false`).
    func settledIncrement(_ key: String, applied: Bool) {
        state.withLock {
            $0.counts[key, default: Count()].inDoubt -= 1
            if applied { $0.counts[key, default: Count()].acknowledged += 1 }
        }
    }

    /// Every batch acknowledged, and every batch in doubt.
    var batches: (acknowledged: [Batch], inDoubt: [Batch]) {
        state.withLock { (Array($0.acknowledged.keys), Array($0.inDoubt.keys)) }
    }

    /// Every counter's tallies.
    var counts: [String: Count] { state.withLock { $0.counts } }

    /// After a check: batches found become acknowledged, those not found are forgotten, and each
    /// counter takes the value the server holds (its increments in doubt are settled).
    func settle(found: Set<Batch>, counters: [String: Int]) {
        state.withLock { state in
            for batch in state.inDoubt.keys where found.contains(batch) { state.acknowledged[batch] = () }
            state.inDoubt = [:]
            for (key, value) in counters { state.counts[key] = Count(acknowledged: value, inDoubt: 0) }
        }
    }
}

/// A small seeded generator (SplitMix64): the harness's choices are reproducible from `--seed`.
struct SoakRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
