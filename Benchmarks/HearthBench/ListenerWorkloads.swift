import BenchSupport
import Foundation
import HearthCore
import Synchronization

/// Listener workloads: commit → callback latency with 1, 100 and 10,000 listeners (the extra ones
/// on other collections), and a query listener's throughput under concurrent writers. Commits are
/// non-durable here so the figures measure the listener path, not fsync.
enum ListenerWorkloads {
    static func run(scale: BenchScale) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        var baselineNames: (p50: String, p99: String)?
        for listeners in [1, 100, 10_000] {
            let (p50, p99) = try await latency(listeners: listeners, commits: scale.listenerCommits)
            let p50Name = "commit→callback latency p50, \(listeners) listener(s) (seconds = latency)"
            let p99Name = "commit→callback latency p99, \(listeners) listener(s) (seconds = latency)"
            results.append(BenchResult(name: p50Name, ops: 1, seconds: p50, baseline: baselineNames?.p50))
            results.append(BenchResult(name: p99Name, ops: 1, seconds: p99, baseline: baselineNames?.p99))
            if baselineNames == nil { baselineNames = (p50Name, p99Name) }
        }
        results += try await throughput(writes: scale.listenerWrites)
        return results.withRatios()
    }

    /// Median and 99th-percentile delay between starting a commit and its listener callback.
    static func latency(listeners: Int, commits: Int) async throws -> (Double, Double) {
        let root = NSTemporaryDirectory() + "hearth-bench-listen-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { engine.close() }
        let database = try DatabaseID(project: "bench")
        var handles: [ListenHandle] = []
        for index in 0..<(listeners - 1) {
            handles.append(try engine.listen(StructuredQuery(collectionID: "other\(index)"), in: database) { _ in })
        }
        let target = try DocumentKey(validating: "target/doc")
        let arrivals = Mutex<[UInt64]>([])
        handles.append(try engine.listen(target, in: database) { _, _ in
            arrivals.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
        })
        defer { handles.forEach { $0.cancel() } }
        while arrivals.withLock({ $0.count }) < 1 { try await Task.sleep(nanoseconds: 100_000) }
        var delays: [Double] = []
        for index in 0..<commits {
            let before = arrivals.withLock { $0.count }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await engine.commit([.set(target, fields: ["n": .integer(Int64(index))])], in: database)
            while arrivals.withLock({ $0.count }) == before { await Task.yield() }
            let arrived = arrivals.withLock { $0[before] }
            delays.append(Double(arrived - start) / 1e9)
        }
        delays.sort()
        return (delays[delays.count / 2], delays[min(delays.count - 1, delays.count * 99 / 100)])
    }

    /// 16 concurrent committers write `writes` single documents into one collection, with and
    /// without a query listener on it; with the listener, the clock stops when it has seen them all.
    static func throughput(writes: Int) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        for listening in [false, true] {
            let root = NSTemporaryDirectory() + "hearth-bench-feed-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: root) }
            let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
            defer { engine.close() }
            let database = try DatabaseID(project: "bench")
            let seen = Mutex(0)
            let handle = listening
                ? try engine.listen(StructuredQuery(collectionID: "feed"), in: database) { result in
                    if case .success(let event) = result { seen.withLock { $0 = event.documentCount } }
                }
                : nil
            let perCommitter = writes / 16
            let (_, seconds) = try await Stopwatch.time {
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
                while listening && seen.withLock({ $0 }) < perCommitter * 16 { try await Task.sleep(nanoseconds: 200_000) }
            }
            handle?.cancel()
            results.append(BenchResult(
                name: listening ? "writes/s with a query listener on the collection (until it saw all)" : "writes/s, no listener",
                ops: perCommitter * 16, seconds: seconds, baseline: listening ? "writes/s, no listener" : nil))
        }
        return results
    }
}
