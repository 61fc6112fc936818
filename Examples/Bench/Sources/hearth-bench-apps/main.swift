import Foundation
import BenchSupport

/// `hearth-bench-apps [--quick] [--json FILE]`: the example apps' workloads (Komunit's geohash
/// search, Medspace's keyword notifier), kept apart from `hearth-bench` so that the engine's
/// benchmarks do not build the apps. Use a release build.
let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let json = arguments.firstIndex(of: "--json").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
if let unknown = arguments.first(where: { $0.hasPrefix("-") && $0 != "--quick" && $0 != "--json" }) {
    print("hearth-bench-apps: unknown option \(unknown) (use --quick and --json FILE)")
    exit(2)
}
var results: [BenchResult] = []
results += try await KomunitWorkloads.run(groups: 100_000, searches: quick ? 50 : 200)
results += try await MedspaceWorkloads.run(quick: quick)
BenchReport.printTable(results)
if let json {
    try BenchReport.writeJSON(results, to: json)
    print("wrote \(json)")
}
