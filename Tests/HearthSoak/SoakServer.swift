import Foundation
import HearthTestSupport

/// One `hearth serve` process on loopback over the scratch data directory, killed with SIGKILL.
final class SoakServer: @unchecked Sendable {
    // @unchecked: `process` and `port` are set once in `start` and only read afterwards.
    /// The gRPC port the server announced.
    private(set) var port = 0
    private let process = Process()
    private let log: String

    /// Starts `hearth serve` on a free loopback port and waits (up to 60 s) for its ready line.
    /// `faultKill`, when given, is passed as `HEARTH_FAULT_KILL` (the server then kills itself
    /// inside a map growth).
    init(hearth: String, data: String, initialMapSize: Int?, log: String, faultKill: String? = nil) async throws {
        self.log = log
        process.executableURL = URL(fileURLWithPath: hearth)
        process.arguments = [
            "serve", "--host", "127.0.0.1", "--port", "0", "--data", data, "--log-level", "warning",
        ] + (initialMapSize.map { ["--initial-map-size", String($0)] } ?? [])
        if let faultKill {
            var environment = ProcessInfo.processInfo.environment
            environment["HEARTH_FAULT_KILL"] = faultKill
            process.environment = environment
        }
        do {
            port = try await ServeProcessLaunch.run(process, log: log)
        } catch ServeProcessLaunch.Failure.exitedAtStart(let text) {
            if killedItselfInGrowth { throw SoakFailure.killedInGrowthAtStart }
            throw SoakFailure("hearth serve exited at start:\n\(text)")
        } catch ServeProcessLaunch.Failure.notReady {
            kill()
            throw SoakFailure("hearth serve did not become ready within 60 s")
        }
    }

    /// The server's process id.
    var pid: Int32 { process.processIdentifier }

    /// The server's resident memory in KiB and its open file descriptors (Linux /proc).
    var resources: (rssKiB: Int, descriptors: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
        return (rss, descriptors)
    }

    /// Whether the process is still running (it must be, until the kill).
    var isRunning: Bool { process.isRunning }

    /// Whether the process is gone, killed by SIGKILL, and said it killed itself in a map growth
    /// (the `HEARTH_FAULT_KILL` line).
    var killedItselfInGrowth: Bool {
        guard !process.isRunning else { return false }
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
            && output.contains("HEARTH_FAULT_KILL=map-growth")
    }

    /// Kills the server with SIGKILL and waits until it is gone.
    func kill() {
        if process.isRunning { sendSIGKILL(process.processIdentifier) }
        process.waitUntilExit()
    }

    /// The server's output so far (for failure reports).
    var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
}

/// Sends SIGKILL to `pid` (outside `SoakServer`, whose `kill()` hides the C function).
private func sendSIGKILL(_ pid: Int32) { _ = kill(pid, SIGKILL) }

/// Runs a command to completion and returns its exit status and combined output.
func runToCompletion(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
    let outputPath = NSTemporaryDirectory() + "hearth-soak-out-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try handle.close()
    while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return (process.terminationStatus, text)
}

/// The largest map size recorded in an LMDB file's two meta pages (0 when unreadable): shows
/// how far the map has grown.
func recordedMapSize(dataDirectory: String) -> Int {
    guard let handle = FileHandle(forReadingAtPath: dataDirectory + "/data.mdb") else { return 0 }
    defer { try? handle.close() }
    let pageSize = 4096
    guard let bytes = try? handle.read(upToCount: 2 * pageSize), bytes.count >= pageSize + 40 else { return 0 }
    // lmdb: a page header (16 bytes), then MDB_meta's magic and version (4 + 4), address (8), map size (8).
    func mapSize(at page: Int) -> Int {
        let start = page * pageSize + 32
        return (0..<8).reduce(0) { $0 | Int(bytes[bytes.startIndex + start + $1]) << (8 * $1) }
    }
    return max(mapSize(at: 0), mapSize(at: 1))
}

/// A harness failure that is not a violation (the server would not start, a tool misbehaved).
struct SoakFailure: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    let description: String
    init(_ description: String) { self.description = description }

    /// An armed server killed itself in a map growth before it was ready (recovery at open grew the map).
    static let killedInGrowthAtStart = SoakFailure("hearth serve killed itself in a map growth while opening")
}

/// Prints `line` at once (unbuffered), so progress reaches a log file as it happens.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
