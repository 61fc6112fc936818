import BenchSupport
import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

/// `hearth-bench`: release-build workloads, each measured beside a raw-LMDB baseline in the same
/// run; prints a table and can write the JSON array of results. The example apps' workloads run in
/// `hearth-bench-apps` (Examples/Bench), so the engine's benchmarks build without the apps.
@main
struct HearthBenchCommand: AsyncParsableCommand {
    /// The groups of workloads, in the order a full run takes them.
    enum Group: String, CaseIterable, ExpressibleByArgument {
        case engine, api, listeners, triggers, rules, wire, webchannel, queries, counts, transfer, pipelines
        /// Only the wire group's alternating 1-connection Commit rounds (a full run has them in `wire`).
        case wireRounds = "wire-rounds"

        /// The groups a run without `--only` takes.
        static let everyWorkload = allCases.filter { $0 != .wireRounds }
    }

    static let configuration = CommandConfiguration(
        commandName: "hearth-bench",
        abstract: "Hearth's benchmarks, each beside a raw-LMDB baseline measured in the same run (use -c release).")

    @Flag(help: "A smaller run (minutes instead of tens of minutes).")
    var quick = false

    @Option(name: .customLong("only"), parsing: .upToNextOption,
            help: "Run only these groups: \(Group.allCases.map(\.rawValue).joined(separator: ", ")).")
    var only: [Group] = []

    @Option(help: "Documents of the transfer group (default: 100k with --quick, else 1M).")
    var transferDocuments: Int?

    @Option(help: ArgumentHelp("Write the results as JSON to this file.", valueName: "file"))
    var json: String?

    @Flag(help: "Run Swift concurrency's jobs on NIO's event loops, as `hearth serve` does.")
    var nioExecutor = false

    func run() async throws {
        if nioExecutor { NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() }
        let groups = only.isEmpty ? Group.everyWorkload : Group.allCases.filter(only.contains)
        let scale = quick ? BenchScale.quick : BenchScale.full
        var results: [BenchResult] = []
        for group in groups {
            switch group {
            case .engine: results += try await EngineWorkloads.run(scale: scale)
            case .api: results += try await APIWorkloads.run(scale: scale).withRatios()
            case .listeners:
                results += try await ListenerWorkloads.run(scale: scale)
                results += try await ListenerWindowWorkloads.run(scale: scale)
            case .triggers: results += try await TriggerWorkloads.run(quick: quick)
            case .rules: results += try await RulesWorkloads.run(operations: quick ? 2_000 : 20_000, rounds: scale.rounds)
            case .wire:
                let raw = results.contains { $0.name == "raw mdb_put bulk load" } ? "raw mdb_put bulk load" : nil
                results = (results + (try await WireWorkloads.run(quick: quick, rawCommitBaseline: raw))).withRatios()
            case .webchannel: results = (results + (try await WebChannelWorkloads.run(quick: quick))).withRatios()
            case .wireRounds: results = (results + (try await WireWorkloads.runCommitRounds(quick: quick))).withRatios()
            case .queries:
                results += try await QueryWorkloads.run(
                    sizes: quick ? [10_000, 100_000] : [10_000, 1_000_000], repetitions: quick ? 200 : 1_000)
            case .pipelines:
                results += try await PipelineWorkloads.run(size: quick ? 100_000 : 1_000_000, repetitions: quick ? 200 : 1_000)
            case .counts:
                results += try await CountWorkloads.run(
                    counted: 10_000, others: quick ? 10_000 : 40_000, repetitions: quick ? 20 : 200)
            case .transfer:
                results += try await TransferWorkloads.run(documents: transferDocuments ?? (quick ? 100_000 : 1_000_000))
            }
        }
        BenchReport.printTable(results)
        if let json {
            try BenchReport.writeJSON(results, to: json)
            print("wrote \(json)")
        }
    }
}
