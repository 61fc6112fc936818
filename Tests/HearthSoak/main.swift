// hearth-soak: the crash-cycle harness (a test helper, not a user command). It starts `hearth serve`
// on loopback over a scratch directory, drives concurrent gRPC clients (batches over several
// databases, contended transactions, server-side increments, a listener, sometimes a bulk commit
// whose index work is deferred), kills the server with SIGKILL at a random moment, runs
// `hearth verify`, restarts it and checks the ledger of acknowledged writes (SoakCheck).
// Exits 0 when no cycle found a violation, 1 otherwise; `--json FILE` writes the figures.
// `--disk-full` runs the full-disk scenario on a tmpfs instead (SoakDiskFull), `--load SECONDS`
// the concurrent-load scenario (SoakLoadRun).
import Foundation

let options: SoakOptions
do {
    options = try SoakOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

if let seconds = options.load {
    do {
        let (violations, summary, figures) = try await SoakLoadRun(options: options, seconds: seconds).run()
        say(summary)
        for violation in violations { say("VIOLATION \(violation)") }
        if let json = options.json {
            try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: json))
        }
        try? FileManager.default.removeItem(atPath: options.scratch)
        exit(violations.isEmpty ? 0 : 1)
    } catch {
        FileHandle.standardError.write(Data("hearth-soak: \(error)\n".utf8))
        exit(3)
    }
}

if options.diskFull {
    do {
        let (violations, summary) = try await SoakDiskFull(options: options).run()
        say(summary)
        for violation in violations { say("VIOLATION \(violation)") }
        if violations.isEmpty { try? FileManager.default.removeItem(atPath: options.scratch) }
        exit(violations.isEmpty ? 0 : 1)
    } catch {
        FileHandle.standardError.write(Data("hearth-soak: \(error)\n".utf8))
        exit(3)
    }
}

do {
    let report = try await SoakRun(options: options).run()
    say(report.summary)
    if let json = options.json { try report.json().write(to: URL(fileURLWithPath: json)) }
    if report.violations.isEmpty {
        try? FileManager.default.removeItem(atPath: options.scratch)
    } else {
        for violation in report.violations.prefix(50) { say("VIOLATION \(violation)") }
        say("scratch directory kept at \(options.scratch)")
    }
    exit(report.violations.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("hearth-soak: \(error)\n(scratch directory kept at \(options.scratch))\n".utf8))
    exit(3)
}
