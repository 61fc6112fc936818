import Foundation

/// `hearth-fuzz --leak-replay [--rounds N] [--engines N] [--rounds-per-engine N]`: the leak
/// replay in a process of its own (the heap is process-wide, so nothing else may allocate beside
/// it). Runs `LeakReplay.sameEngine` and `LeakReplay.recycled`, prints both figures and a verdict
/// line per mode, and exits 1 when either grows by more than its bound per unit, a closed engine
/// stays allocated, or a request ended in a finding.
package enum LeakReplayCommand {
    /// Largest steady growth per round against one engine taken for noise (bytes): a leak of one
    /// key or field path per update (the fuzz reports' blocks) would be at least 4 × 48 bytes.
    package static let roundBound = 64.0
    /// Largest steady growth per recycled engine taken for noise (bytes).
    package static let engineBound = 4_096.0

    /// Runs the replay with `arguments`; returns the exit status.
    package static func run(_ arguments: [String]) -> Int32 {
        var options = ["--rounds": 2_000, "--engines": 40, "--rounds-per-engine": 10]
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard options[name] != nil, let text = rest.popFirst(), let value = Int(text), value > 0 else {
                FileHandle.standardError.write(Data("hearth-fuzz --leak-replay: bad argument \(name)\n".utf8))
                return 2
            }
            options[name] = value
        }
        let rounds = options["--rounds", default: 0]
        let engines = options["--engines", default: 0]
        do {
            let same = try LeakReplay.sameEngine(warmUp: rounds, rounds: rounds)
            print("one engine: \(same)")
            let recycled = try LeakReplay.recycled(
                warmUp: max(engines / 2, 3), engines: engines, roundsPerEngine: options["--rounds-per-engine", default: 0])
            print("recycled engines: \(recycled)")
            let findings = same.tally.findings + recycled.tally.findings
            for finding in findings.prefix(10) { print("finding: \(finding)") }
            let sameOK = same.steadyGrowthPerUnit <= roundBound
            let recycledOK = recycled.steadyGrowthPerUnit <= engineBound && recycled.enginesAlive == 0
            print(
                "verdict: one engine \(sameOK ? "flat" : "GROWS") (steady \(String(format: "%.1f", same.steadyGrowthPerUnit)) B/round, "
                    + "bound \(Int(roundBound))); recycled \(recycledOK ? "flat" : "GROWS") "
                    + "(steady \(String(format: "%.0f", recycled.steadyGrowthPerUnit)) B/engine, bound \(Int(engineBound)), "
                    + "\(recycled.enginesAlive) engines alive after close); \(findings.count) findings")
            return sameOK && recycledOK && findings.isEmpty ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("hearth-fuzz --leak-replay: cannot open a scratch emulator: \(error)\n".utf8))
            return 2
        }
    }
}
