package import Foundation

/// Starts a configured `hearth serve` child process with its output in a log file and waits for
/// its ready line: what the soak harness and the benchmark's `hearth serve` rows share.
package enum ServeProcessLaunch {
    /// Why a launch gave up; each carries the server's output so far.
    package enum Failure: Error {
        /// The process exited before it announced it was ready.
        case exitedAtStart(output: String)
        /// The process was still running but not ready when the time ran out.
        case notReady(output: String)
    }

    /// Sends `process`'s standard output and error to `log` (created empty), runs it, and waits up
    /// to `timeout` for its `ready` line; returns the port of its `FIRESTORE_EMULATOR_HOST` line.
    /// The caller sets the executable, arguments and environment, and stops the process.
    /// - Throws: `Failure`, or `Process.run`'s error when the executable cannot start.
    package static func run(_ process: Process, log: String, timeout: Duration = .seconds(60)) async throws -> Int {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try output.close()
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("ready"), let port = announcedPort(text) { return port }
            guard process.isRunning else { throw Failure.exitedAtStart(output: text) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure.notReady(output: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// The port in a `FIRESTORE_EMULATOR_HOST=HOST:PORT` line of `text`, if there is one.
    package static func announcedPort(_ text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("FIRESTORE_EMULATOR_HOST=") }),
            let colon = line.lastIndex(of: ":")
        else { return nil }
        return Int(line[line.index(after: colon)...])
    }
}
