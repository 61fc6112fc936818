import BenchSupport
import Foundation
import HearthCore
import Synchronization

/// Trigger workloads: commit throughput of 16 concurrent committers with no trigger and with 10
/// triggers all matching every write, in alternating rounds (each delivering to a handler that only counts), in the same
/// run, with durable commits (the default) and non-durable ones (where the triggers' own CPU cost
/// — log reads, event building, cursor writes — is not hidden behind fsync); and the delay from
/// starting a commit to its trigger's handler.
enum TriggerWorkloads {
    static func run(quick: Bool) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        for durability in [Durability.full, .none] {
            let label = durability == .full ? "durable" : "non-durable"
            let writes = durability == .full ? (quick ? 1_600 : 8_000) : (quick ? 4_000 : 64_000)
            let baseline = "\(label) commits/s, 0 matching triggers"
            // Alternating rounds, each side into a fresh directory: one round of about a second
            // moves with whatever else the machine does (single non-durable rounds ranged from
            // 0.55× to 1.2× in one run); the median of nine does not.
            var none: [Double] = []
            var ten: [(committed: Double, drained: Double)] = []
            for _ in 0..<(quick ? 3 : 9) {
                none.append(try await throughput(writes: writes, triggers: 0, durability: durability).0)
                ten.append(try await throughput(writes: writes, triggers: 10, durability: durability))
            }
            let ratios = zip(none, ten).map { $0 / $1.committed }
            let drainedRatios = zip(none, ten).map { $0 / $1.drained }
            results.append(BenchResult(name: baseline, ops: writes, seconds: median(none), baseline: nil))
            results.append(BenchResult(
                name: "\(label) commits/s, 10 matching triggers", ops: writes, seconds: median(ten.map(\.committed)),
                baseline: baseline, roundRatios: ratios))
            results.append(BenchResult(
                name: "\(label) commits/s until 10 triggers delivered every event", ops: writes,
                seconds: median(ten.map(\.drained)), baseline: baseline, roundRatios: drainedRatios))
        }
        let (p50, p99) = try await latency(commits: quick ? 300 : 2_000)
        results.append(BenchResult(name: "commit→trigger handler latency p50 (seconds = latency)", ops: 1, seconds: p50, baseline: nil))
        results.append(BenchResult(name: "commit→trigger handler latency p99 (seconds = latency)", ops: 1, seconds: p99, baseline: nil))
        return results.withRatios()
    }

    /// The middle value.
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Counts deliveries.
    final class Counter: TriggerDeliverer {
        let count = Atomic<Int>(0)
        func deliver(_ event: TriggerEvent) async throws { count.add(1, ordering: .relaxed) }
    }

    /// Notes when each delivery arrived.
    final class Stamp: TriggerDeliverer {
        let arrivals = Mutex<[UInt64]>([])
        func deliver(_ event: TriggerEvent) async throws {
            let now = DispatchTime.now().uptimeNanoseconds
            arrivals.withLock { $0.append(now) }
        }
    }

    /// Seconds until every commit returned, and until every trigger had delivered every event.
    static func throughput(writes: Int, triggers: Int, durability: Durability) async throws -> (Double, Double) {
        let root = NSTemporaryDirectory() + "hearth-bench-triggers-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine(directory: root, options: EngineOptions(durability: durability, initialMapSize: 1 << 30))
        defer { engine.close() }
        let database = try DatabaseID(project: "bench")
        let counters = (0..<triggers).map { _ in Counter() }
        for (index, counter) in counters.enumerated() {
            let definition = TriggerDefinition(name: "t\(index)", pattern: try DocumentPattern("feed/{id}"), kind: .written)
            try await engine.registerTrigger(definition, deliverer: counter)
        }
        let perCommitter = writes / 16
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for committer in 0..<16 {
                group.addTask {
                    for i in 0..<perCommitter {
                        let key = try DocumentKey(validating: "feed/c\(committer)-\(i)")
                        _ = try await engine.commit([.set(key, fields: ["n": .integer(Int64(i))])], in: database)
                    }
                }
            }
            try await group.waitForAll()
        }
        let committed = DispatchTime.now().uptimeNanoseconds
        while counters.contains(where: { $0.count.load(ordering: .relaxed) < perCommitter * 16 }) {
            try await Task.sleep(nanoseconds: 200_000)
        }
        let drained = DispatchTime.now().uptimeNanoseconds
        return (Double(committed - start) / 1e9, Double(drained - start) / 1e9)
    }

    /// Median and 99th-percentile delay between starting a commit and its trigger's handler.
    static func latency(commits: Int) async throws -> (Double, Double) {
        let root = NSTemporaryDirectory() + "hearth-bench-trigger-latency-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { engine.close() }
        let database = try DatabaseID(project: "bench")
        let stamp = Stamp()
        let definition = TriggerDefinition(name: "latency", pattern: try DocumentPattern("target/{id}"), kind: .written)
        try await engine.registerTrigger(definition, deliverer: stamp)
        let target = try DocumentKey(validating: "target/doc")
        var delays: [Double] = []
        for index in 0..<commits {
            let before = stamp.arrivals.withLock { $0.count }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await engine.commit([.set(target, fields: ["n": .integer(Int64(index))])], in: database)
            while stamp.arrivals.withLock({ $0.count }) == before { await Task.yield() }
            let arrived = stamp.arrivals.withLock { $0[before] }
            delays.append(Double(arrived - start) / 1e9)
        }
        delays.sort()
        return (delays[delays.count / 2], delays[min(delays.count - 1, delays.count * 99 / 100)])
    }
}
