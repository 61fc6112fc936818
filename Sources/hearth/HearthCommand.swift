import Foundation
import HearthCore
import HearthServer

/// `hearth serve …` runs the emulator (Firestore's gRPC and REST on one port); `hearth demo`,
/// `verify` and `write-loop` work on a data directory directly.
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
        case "serve":
            do {
                let configuration = try ServerConfiguration.parse(arguments: arguments)
                try await HearthEmulator(configuration: configuration).run()
            } catch {
                FileHandle.standardError.write(Data("hearth: \(error)\n".utf8))
                exit(2)
            }
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
            print("usage: hearth serve [--host H] [--port P] [--data DIR] [--project P] [--rules FILE]")
            print("                    [--indexes firestore.indexes.json] [--require-indexes] [--no-sync]")
            print("                                        run the emulator (gRPC + REST on one port)")
            print("       hearth demo [--data DIR]         open DIR and run a scripted session")
            print("       hearth verify [--data DIR]       check every record and storage invariant (exit 1 on problems)")
            print("       hearth write-loop [--data DIR]   commit forever, printing each durable commit (crash tests)")
        default:
            FileHandle.standardError.write(Data("hearth: unknown command '\(command)' (try: hearth help)\n".utf8))
            exit(2)
        }
    }
}
