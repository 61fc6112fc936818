import Foundation

/// One measured workload.
package struct BenchResult {
    /// The workload's name.
    package let name: String
    /// Operations performed.
    package let ops: Int
    /// Wall time in seconds.
    package let seconds: Double
    /// The raw-LMDB (or other) workload this one is compared with, measured in the same run.
    package let baseline: String?
    /// ops_per_s / baseline's ops_per_s.
    package var ratio: Double?
    /// The ratio of each alternating round on its own, when the workload ran in rounds against its
    /// baseline: how stable the ratio is from one round to the next.
    package var roundRatios: [Double] = []
    /// Further figures of the row under stable JSON names (e.g. `pages_touched`).
    package var metrics: [String: Double] = [:]

    /// A result without per-round ratios.
    package init(name: String, ops: Int, seconds: Double, baseline: String?, roundRatios: [Double] = []) {
        self.name = name
        self.ops = ops
        self.seconds = seconds
        self.baseline = baseline
        self.roundRatios = roundRatios
    }

    /// The smallest, median and largest per-round ratio.
    package var ratioSpread: (min: Double, median: Double, max: Double)? {
        let sorted = roundRatios.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        return (first, sorted[sorted.count / 2], last)
    }

    /// Throughput.
    package var opsPerSecond: Double { seconds > 0 ? Double(ops) / seconds : 0 }
}

/// How big a run is.
package struct BenchScale {
    package let documents: Int
    package let batch: Int
    package let pointGets: Int
    package let sequentialCommits: Int
    package let concurrentCommitters: Int
    package let commitsPerCommitter: Int
    /// Alternating raw/engine rounds; each side keeps its best.
    package let rounds: Int
    /// Alternating rounds of the workloads whose ratio must be stable (point gets, group commit);
    /// min, median and max of the per-round ratios are reported.
    package let ratioRounds: Int
    /// Single-document operations of the API-overhead workloads.
    package let apiOperations: Int
    /// Commits timed per listener-latency run.
    package let listenerCommits: Int
    /// Writes of the listener-throughput run.
    package let listenerWrites: Int

    package static let full = BenchScale(
        documents: 200_000, batch: 500, pointGets: 200_000, sequentialCommits: 500, concurrentCommitters: 16,
        commitsPerCommitter: 100, rounds: 3, ratioRounds: 5, apiOperations: 20_000, listenerCommits: 500, listenerWrites: 20_000)
    package static let quick = BenchScale(
        documents: 20_000, batch: 500, pointGets: 20_000, sequentialCommits: 100, concurrentCommitters: 16,
        commitsPerCommitter: 20, rounds: 3, ratioRounds: 5, apiOperations: 5_000, listenerCommits: 200, listenerWrites: 4_000)
}

/// Measures wall time.
package enum Stopwatch {
    package static func time<R>(_ body: () throws -> R) rethrows -> (R, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    package static func time<R>(_ body: () async throws -> R) async rethrows -> (R, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try await body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}

/// Printing and JSON output.
package enum BenchReport {
    package static func printTable(_ results: [BenchResult]) {
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

    package static func writeJSON(_ results: [BenchResult], to path: String) throws {
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
    package func withRatios() -> [BenchResult] {
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
package struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String
    /// A failure saying `description`.
    package init(description: String) { self.description = description }
}
