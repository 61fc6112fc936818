import Foundation

/// The command line of `hearth-soak`: what to run, how long, and where.
struct SoakOptions: Sendable {
    /// The `hearth` binary started as the server (default: beside this executable).
    var hearth: String
    /// How many kill-and-restart cycles to run.
    var cycles = 20
    /// Concurrent writing clients per cycle.
    var clients = 6
    /// The seed of every random choice (what clients do, when the kill comes).
    var seed: UInt64 = 1
    /// Cycles per data directory: a fresh directory (and a tiny map, grown again) every this many cycles.
    var epoch = 10
    /// The initial LMDB map size given to the server (small, so that the map grows under load).
    var initialMapSize = 256 * 1024
    /// The scratch directory (created, and removed at the end unless a violation was found).
    var scratch: String
    /// Where to write the JSON summary, if anywhere.
    var json: String?
    /// The shortest and longest load before the kill, in seconds.
    var minimumLoad = 0.3
    var maximumLoad = 1.5
    /// Run the disk-full scenario (SoakDiskFull) instead of crash cycles.
    var diskFull = false
    /// Delete one acknowledged document before each check (`--inject-loss`): the check must see it;
    /// proves the harness can fail.
    var injectLoss = false
    /// Run the load scenario (SoakLoadRun) for this many seconds instead of crash cycles.
    var load: Double?
    /// `--kill-at map-growth`: every cycle but the bulk-commit ones starts the server with
    /// `HEARTH_FAULT_KILL` armed at a stage of its first map growth (the stages in turn), so the
    /// kill lands inside the growth; `--kill-at random` (the default) kills at a random moment.
    var killAtMapGrowth = false
    /// How long an armed cycle waits for the server to kill itself in a growth before the harness
    /// kills it (a cycle whose load did not outgrow the map), in seconds.
    var growthWait = 8.0

    /// Parses `arguments` (without the program name); throws a usage message on anything unknown.
    init(arguments: [String]) throws(SoakUsage) {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        hearth = here.appendingPathComponent("hearth").path
        scratch = NSTemporaryDirectory() + "hearth-soak-" + UUID().uuidString
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--disk-full" || flag == "--inject-loss" {
                if flag == "--disk-full" { diskFull = true } else { injectLoss = true }
                continue
            }
            guard let value = rest.popFirst() else { throw SoakUsage(problem: "\(flag) needs a value") }
            func number<T: LosslessStringConvertible>(_: T.Type) throws(SoakUsage) -> T {
                guard let parsed = T(value) else { throw SoakUsage(problem: "\(flag): \(value) is not a number") }
                return parsed
            }
            switch flag {
            case "--hearth": hearth = value
            case "--cycles": cycles = try number(Int.self)
            case "--clients": clients = try number(Int.self)
            case "--seed": seed = try number(UInt64.self)
            case "--epoch": epoch = try number(Int.self)
            case "--initial-map-size": initialMapSize = try number(Int.self)
            case "--scratch": scratch = value
            case "--json": json = value
            case "--min-load": minimumLoad = try number(Double.self)
            case "--max-load": maximumLoad = try number(Double.self)
            case "--load": load = try number(Double.self)
            case "--growth-wait": growthWait = try number(Double.self)
            case "--kill-at":
                guard value == "map-growth" || value == "random" else {
                    throw SoakUsage(problem: "--kill-at: \(value) is neither map-growth nor random")
                }
                killAtMapGrowth = value == "map-growth"
            default: throw SoakUsage(problem: "unknown option \(flag)")
            }
        }
        guard cycles > 0, clients > 0, epoch > 0, minimumLoad >= 0, maximumLoad >= minimumLoad, growthWait > 0 else {
            throw SoakUsage(problem: "cycles, clients, epoch and --growth-wait must be positive and --min-load <= --max-load")
        }
    }
}

/// A bad command line, with the usage text.
struct SoakUsage: Error, CustomStringConvertible {
    /// What was wrong.
    let problem: String
    /// The problem and the usage text.
    var description: String {
        """
        hearth-soak: \(problem)
        usage: hearth-soak [--disk-full | --load SECONDS] [--inject-loss] [--cycles N] [--clients N] [--seed N] [--epoch N] [--initial-map-size BYTES]
                           [--min-load SECONDS] [--max-load SECONDS] [--kill-at random|map-growth] [--growth-wait SECONDS]
                           [--hearth PATH] [--scratch DIR] [--json FILE]
        """
    }
}
