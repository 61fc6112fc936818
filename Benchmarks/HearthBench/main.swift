import Foundation

/// `hearth-bench [--quick] [--only engine|api|listeners|rules|wire|queries] [--json FILE]`: release-build workloads, each measured beside a raw-LMDB
/// baseline in the same run; prints a table and writes the JSON array of results.
let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
var jsonPath: String?
if let index = arguments.firstIndex(of: "--json"), index + 1 < arguments.count { jsonPath = arguments[index + 1] }

var only: String?
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count { only = arguments[index + 1] }

let scale = quick ? BenchScale.quick : BenchScale.full
var results: [BenchResult] = []
do {
    if only == nil || only == "engine" { results += try await EngineWorkloads.run(scale: scale) }
    if only == nil || only == "api" { results += try await APIWorkloads.run(scale: scale).withRatios() }
    if only == nil || only == "listeners" { results += try await ListenerWorkloads.run(scale: scale) }
    if only == nil || only == "rules" {
        results += try await RulesWorkloads.run(operations: quick ? 2_000 : 20_000, rounds: scale.rounds)
    }
    if only == nil || only == "wire" {
        let raw = results.contains { $0.name == "raw mdb_put bulk load" } ? "raw mdb_put bulk load" : nil
        results = (results + (try await WireWorkloads.run(quick: quick, rawCommitBaseline: raw))).withRatios()
    }
    if only == nil || only == "queries" { results += try await QueryWorkloads.run(
        sizes: quick ? [10_000, 100_000] : [10_000, 1_000_000], repetitions: quick ? 200 : 1_000) }
} catch {
    FileHandle.standardError.write(Data("hearth-bench failed: \(error)\n".utf8))
    exit(1)
}
BenchReport.printTable(results)
if let jsonPath {
    do {
        try BenchReport.writeJSON(results, to: jsonPath)
        print("wrote \(jsonPath)")
    } catch {
        FileHandle.standardError.write(Data("cannot write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
