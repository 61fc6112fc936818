import Dispatch

/// One measured wire workload: `ops` operations in `seconds` of wall time.
package struct WireBenchResult: Sendable, Equatable {
    /// The workload's name.
    package let name: String
    /// Operations performed (documents, gets, or 1 for a start-up).
    package let ops: Int
    /// Wall time in seconds.
    package let seconds: Double
    /// The name of the workload in the same run this one is compared with, if any.
    package let baseline: String?
    /// The ratio to the baseline in each alternating round, when the two ran in rounds.
    package let roundRatios: [Double]

    /// Creates a result.
    package init(name: String, ops: Int, seconds: Double, baseline: String?, roundRatios: [Double] = []) {
        self.name = name
        self.ops = ops
        self.seconds = seconds
        self.baseline = baseline
        self.roundRatios = roundRatios
    }

    /// Throughput in operations per second.
    package var opsPerSecond: Double { seconds > 0 ? Double(ops) / seconds : 0 }
}

/// A failed consistency check inside a wire workload.
struct WireBenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
}

/// Wall-clock timing for the wire workloads.
enum WireStopwatch {
    /// The current monotonic time in nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds elapsed since `start` (a value of `now()`).
    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

    /// Runs `body` and returns its result with the seconds it took.
    static func time<R>(_ body: () async throws -> R) async rethrows -> (R, Double) {
        let start = now()
        let result = try await body()
        return (result, seconds(since: start))
    }
}
