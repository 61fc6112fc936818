import Foundation
import FirestoreWire
import GRPCCore
import Synchronization

/// `hearth-soak --load SECONDS`: many concurrent clients (`--clients`, 64 for the figures) on
/// loopback for a while, mixed operations — gets, batch gets, queries, counts, batched writes,
/// contended transactions, listeners attaching and detaching. Reports p50/p99 per operation, the
/// ABORTED retries, the unexpected errors (any is a failure), and the server's resident memory and
/// open descriptors in the first and last fifth of the run (flat when nothing leaks).
struct SoakLoadRun {
    let options: SoakOptions
    let seconds: Double

    /// The operations, in the order they are reported.
    static let operations = ["get", "batchGet", "query", "count", "batch", "transaction", "listen"]

    /// Runs the load; returns the violations and the report text.
    func run() async throws -> (violations: [String], summary: String, json: [String: Any]) {
        try FileManager.default.createDirectory(atPath: options.scratch, withIntermediateDirectories: true)
        let server = try await SoakServer(
            hearth: options.hearth, data: options.scratch + "/load-data", initialMapSize: nil, log: options.scratch + "/load.log")
        defer { server.kill() }
        let port = server.port
        try await SoakWire.withClient(port: port) { client in
            let writes = (0..<400).map { i in
                SoakWire.set("items/i\(i)", in: SoakWire.databases[0], ["group": SoakWire.integer(i % 20), "n": SoakWire.integer(i)])
            }
            _ = try await client.commit(SoakWire.commit(writes, in: SoakWire.databases[0]), metadata: SoakWire.metadata, options: SoakWire.options)
        }
        let stats = SoakLoadStats()
        let deadline = Date().addingTimeInterval(seconds)
        var samples: [(time: Double, rss: Int, fds: Int)] = []
        let started = Date()
        let clients = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<options.clients {
                    let seed = options.seed &+ UInt64(index) &* 7919
                    group.addTask { await SoakLoadClient(index: index, port: port, stats: stats, seed: seed).run(until: deadline) }
                }
            }
        }
        while Date() < deadline {
            let (rss, fds) = server.resources
            samples.append((Date().timeIntervalSince(started), rss, fds))
            try await Task.sleep(for: .seconds(min(5, max(0.5, seconds / 40))))
        }
        await clients.value
        let (rss, fds) = server.resources
        samples.append((Date().timeIntervalSince(started), rss, fds))
        let alive = server.isRunning
        let window = min(60, seconds / 5)
        let first = samples.filter { $0.time <= window }
        let last = samples.filter { $0.time >= seconds - window }
        func mean(_ values: [Int]) -> Int { values.isEmpty ? 0 : values.reduce(0, +) / values.count }
        let rssFirst = mean(first.map(\.rss)), rssLast = mean(last.map(\.rss))
        let fdFirst = mean(first.map(\.fds)), fdLast = mean(last.map(\.fds))
        let report = stats.report()
        var lines = [
            "hearth-soak --load: \(options.clients) clients for \(Int(seconds)) s; \(report.total) operations, "
                + "\(report.aborted) ABORTED retried, \(report.unexpected.count) unexpected errors; server "
                + (alive ? "alive" : "DEAD"),
            "  resident memory \(rssFirst / 1024) MiB (first \(Int(window)) s) -> \(rssLast / 1024) MiB (last \(Int(window)) s); "
                + "open descriptors \(fdFirst) -> \(fdLast)",
        ]
        var json: [String: Any] = [
            "clients": options.clients, "seconds": seconds, "operations": report.total, "aborted": report.aborted,
            "unexpectedErrors": report.unexpected.count, "rssKiBFirst": rssFirst, "rssKiBLast": rssLast,
            "fdsFirst": fdFirst, "fdsLast": fdLast,
        ]
        for name in Self.operations {
            let latencies = report.latencies[name, default: []].sorted()
            guard !latencies.isEmpty else { continue }
            func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] * 1_000 }
            lines.append(
                "  \(name): \(latencies.count) ops, p50 \(String(format: "%.1f", percentile(0.5))) ms, "
                    + "p99 \(String(format: "%.1f", percentile(0.99))) ms, max \(String(format: "%.1f", (latencies.last ?? 0) * 1_000)) ms")
            json[name] = ["count": latencies.count, "p50ms": percentile(0.5), "p99ms": percentile(0.99), "maxMs": (latencies.last ?? 0) * 1_000]
                as [String: Any]
        }
        var violations = report.unexpected.prefix(20).map { "unexpected error: \($0)" }
        if !alive { violations.append("the server died under load:\n\(server.output.suffix(2_000))") }
        // Flat: allow generous slack (allocator warm-up, listener churn) but catch steady leaks.
        if fdLast > fdFirst + options.clients + 32 { violations.append("open descriptors grew from \(fdFirst) to \(fdLast)") }
        return (violations, lines.joined(separator: "\n"), json)
    }
}

/// Latencies and counts from every load client.
final class SoakLoadStats: Sendable {
    private struct State {
        var latencies: [String: [Double]] = [:]
        var aborted = 0
        var unexpected: [String] = []
    }
    private let state = Mutex(State())

    /// Adds one client's latencies and counts.
    func merge(latencies: [String: [Double]], aborted: Int, unexpected: [String]) {
        state.withLock {
            for (name, values) in latencies { $0.latencies[name, default: []] += values }
            $0.aborted += aborted
            $0.unexpected += unexpected
        }
    }

    /// Everything gathered.
    func report() -> (latencies: [String: [Double]], aborted: Int, unexpected: [String], total: Int) {
        state.withLock { ($0.latencies, $0.aborted, $0.unexpected, $0.latencies.values.reduce(0) { $0 + $1.count }) }
    }
}
