import Foundation

/// One measured workload.
public struct BenchResult: Sendable {
    /// The workload's name.
    public let name: String
    /// Operations performed.
    public let ops: Int
    /// Wall time in seconds.
    public let seconds: Double
    /// The raw-LMDB (or other) workload this one is compared with, measured in the same run.
    public let baseline: String?
    /// ops_per_s / baseline's ops_per_s.
    public var ratio: Double?
    /// The ratio of each alternating round on its own, when the workload ran in rounds against its
    /// baseline: how stable the ratio is from one round to the next.
    public var roundRatios: [Double] = []
    /// Further figures of the row under stable JSON names (e.g. `pages_touched`).
    public var metrics: [String: Double] = [:]

    /// A result without per-round ratios.
    public init(name: String, ops: Int, seconds: Double, baseline: String?, roundRatios: [Double] = []) {
        self.name = name
        self.ops = ops
        self.seconds = seconds
        self.baseline = baseline
        self.roundRatios = roundRatios
    }

    /// The smallest, median and largest per-round ratio.
    public var ratioSpread: (min: Double, median: Double, max: Double)? {
        let sorted = roundRatios.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        return (first, sorted[sorted.count / 2], last)
    }

    /// Throughput.
    public var opsPerSecond: Double { seconds > 0 ? Double(ops) / seconds : 0 }
}

/// How big a run is.
public struct BenchScale: Sendable {
    public let documents: Int
    public let batch: Int
    public let pointGets: Int
    public let sequentialCommits: Int
    public let concurrentCommitters: Int
    public let commitsPerCommitter: Int
    /// Alternating raw/engine rounds; each side keeps its best.
    public let rounds: Int
    /// Alternating rounds of the workloads whose ratio must be stable (point gets, group commit);
    /// min, median and max of the per-round ratios are reported.
    public let ratioRounds: Int
    /// Single-document operations of the API-overhead workloads.
    public let apiOperations: Int
    /// Commits timed per listener-latency run.
    public let listenerCommits: Int
    /// Writes of the listener-throughput run.
    public let listenerWrites: Int

    public static let full = BenchScale(
        documents: 200_000, batch: 500, pointGets: 200_000, sequentialCommits: 500, concurrentCommitters: 16,
        commitsPerCommitter: 100, rounds: 3, ratioRounds: 5, apiOperations: 20_000, listenerCommits: 500, listenerWrites: 20_000)
    public static let quick = BenchScale(
        documents: 20_000, batch: 500, pointGets: 20_000, sequentialCommits: 100, concurrentCommitters: 16,
        commitsPerCommitter: 20, rounds: 3, ratioRounds: 5, apiOperations: 5_000, listenerCommits: 200, listenerWrites: 4_000)
}

/// Measures wall time.
public enum Stopwatch {
    public static func time<R>(_ body: () throws -> R) rethrows -> (R, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    public static func time<R>(_ body: () async throws -> R) async rethrows -> (R, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try await body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}

/// Printing and JSON output.
public enum BenchReport {
    public static func printTable(_ results: [BenchResult]) {
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // As wide as the longest name, so names that differ only at the end stay apart.
        let width = results.map(\.name.count).max() ?? 8
        print("workload".padding(toLength: width, withPad: " ", startingAt: 0) + "      ops/s   ratio  baseline")
        for result in results {
            let ratio = result.ratio.map { String(format: "%6.2f×", $0) } ?? "      "
            let base = result.baseline.flatMap { byName[$0] == nil ? nil : $0 } ?? "-"
            let spread = result.ratioSpread.map {
                String(format: "  [rounds: min %.2f×, median %.2f×, max %.2f×]", $0.min, $0.median, $0.max)
            } ?? ""
            let pages = result.metrics["pages_per_1k_docs"].map { String(format: "  [%.1f pages per 1k docs]", $0) } ?? ""
            print(result.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: "%11.0f", result.opsPerSecond) + "  " + ratio + "  " + base + spread + pages)
        }
    }

    public static func writeJSON(_ results: [BenchResult], to path: String) throws {
        let array: [[String: Any]] = results.map { result in
            var row: [String: Any] = [
                "name": result.name, "ops": result.ops, "seconds": result.seconds, "ops_per_s": result.opsPerSecond,
                "baseline": result.baseline ?? NSNull(), "ratio": result.ratio ?? NSNull(),
            ]
            if let spread = result.ratioSpread {
                row["ratio_min"] = spread.min
                row["ratio_median"] = spread.median
                row["ratio_max"] = spread.max
                row["round_ratios"] = result.roundRatios
            }
            for (name, value) in result.metrics { row[name] = value }
            return row
        }
        let data = try JSONSerialization.data(withJSONObject: array, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension Array where Element == BenchResult {
    /// Fills each result's ratio from its baseline in the same array.
    public func withRatios() -> [BenchResult] {
        let byName = Dictionary(map { ($0.name, $0.opsPerSecond) }, uniquingKeysWith: { a, _ in a })
        return map { result in
            var result = result
            if let baseline = result.baseline, let base = byName[baseline], base > 0 {
                result.ratio = result.opsPerSecond / base
            }
            return result
        }
    }
}

/// A benchmark's check that failed: the run stops with this message.
public struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// A failure saying `description`.
    public init(description: String) { self.description = description }
}
