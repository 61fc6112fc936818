import BenchSupport

/// Issue "The emulator server": `hearth serve` over loopback gRPC — 500-document batch commits,
/// point reads from 8 concurrent clients, start-up time on a large data directory — each beside
/// the same work done in-process (and the raw bulk load when the engine workloads ran too).
enum WireWorkloads {
    static func run(quick: Bool, rawCommitBaseline: String?) async throws -> [BenchResult] {
        try await WireBenchmark.run(quick: quick, rawCommitBaseline: rawCommitBaseline).map(BenchResult.init)
    }

    /// Only the alternating 1-connection Commit rounds of the wire group.
    static func runCommitRounds(quick: Bool) async throws -> [BenchResult] {
        try await WireBenchmark.runCommitRounds(quick: quick).map(BenchResult.init)
    }
}

extension BenchResult {
    /// The bench's row of a wire workload's result.
    init(_ result: WireBenchResult) {
        self.init(
            name: result.name, ops: result.ops, seconds: result.seconds, baseline: result.baseline,
            roundRatios: result.roundRatios)
    }
}
