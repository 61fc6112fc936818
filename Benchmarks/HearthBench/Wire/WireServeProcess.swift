import Foundation
import HearthTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `hearth serve` child process on a free loopback port: the emulator exactly as users run it
/// (its own process, NIO's event loops as Swift concurrency's executor, `hearth serve`'s defaults),
/// so the bench's in-process client drives the same server the Python client does.
enum WireServeProcess {
    /// The `hearth` executable: `HEARTH_BIN` if set, else the one built beside `hearth-bench`;
    /// nil when neither exists (then the rows that need it are left out).
    static func binary() -> String? {
        if let path = ProcessInfo.processInfo.environment["HEARTH_BIN"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        guard let bench = Bundle.main.executableURL else { return nil }
        let path = bench.deletingLastPathComponent().appendingPathComponent("hearth").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Starts `binary serve --port 0 --data directory`, runs `body` with the port it announced, then
    /// stops it with SIGTERM and checks that it exited cleanly; returns what `body` returns.
    static func withServe<R>(binary: String, directory: String, _ body: (Int) async throws -> R) async throws -> R {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let logPath = directory + "/serve.log"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--data", directory + "/data"]
        process.standardInput = FileHandle.nullDevice
        let result: R
        do {
            let port: Int
            do {
                port = try await ServeProcessLaunch.run(process, log: logPath)
            } catch is ServeProcessLaunch.Failure {
                throw WireBenchFailure(description: "hearth serve did not become ready:\n" + tail(logPath))
            }
            result = try await body(port)
        } catch {
            // A process that never started (no such executable) has nothing to stop.
            if process.processIdentifier != 0 {
                if process.isRunning { process.terminate() }
                _ = try? await waitForExit(of: process, logPath: logPath)
            }
            throw error
        }
        process.terminate()
        guard try await waitForExit(of: process, logPath: logPath) == 0 else {
            throw WireBenchFailure(description: "hearth serve exited with \(process.terminationStatus):\n" + tail(logPath))
        }
        return result
    }

    /// Waits (up to 60 s) for `process` to exit and returns its status; kills it if it is still running.
    private static func waitForExit(of process: Process, logPath: String) async throws -> Int32 {
        for _ in 0..<3_000 where process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            throw WireBenchFailure(description: "hearth serve did not stop within 60 s:\n" + tail(logPath))
        }
        return process.terminationStatus
    }

    /// The last lines of the process's output, for an error.
    private static func tail(_ logPath: String) -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(20).joined(separator: "\n")
    }
}
