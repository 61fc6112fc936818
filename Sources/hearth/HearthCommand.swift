import Foundation
import HearthCore

/// `hearth demo [--data DIR]`: opens a data directory and runs a short scripted session that shows
/// what the engine does (until `hearth serve` lands with the emulator server).
@main
struct HearthCommand {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let command = arguments.isEmpty ? "demo" : arguments.removeFirst()
        var directory = "./data"
        if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count {
            directory = arguments[index + 1]
        }
        switch command {
        case "demo":
            do {
                try await DemoSession.run(directory: directory)
            } catch {
                FileHandle.standardError.write(Data("hearth: \(error)\n".utf8))
                exit(1)
            }
        case "write-loop":
            do {
                try await WriteLoop.run(directory: directory, limit: 1_000_000)
            } catch {
                FileHandle.standardError.write(Data("hearth: \(error)\n".utf8))
                exit(1)
            }
        case "verify":
            do {
                let engine = try Engine(directory: directory)
                defer { engine.close() }
                let report = try engine.verify()
                print("\(directory): \(report)")
                for problem in report.problems { print("  - \(problem)") }
                if !report.isHealthy { exit(1) }
            } catch {
                FileHandle.standardError.write(Data("hearth: \(error)\n".utf8))
                exit(1)
            }
        case "help", "--help", "-h":
            print("usage: hearth demo [--data DIR]         open DIR and run a scripted session")
            print("       hearth verify [--data DIR]       check every record and storage invariant (exit 1 on problems)")
            print("       hearth write-loop [--data DIR]   commit forever, printing each durable commit (crash tests)")
        default:
            FileHandle.standardError.write(Data("hearth: unknown command '\(command)' (try: hearth help)\n".utf8))
            exit(2)
        }
    }
}
