import Foundation

/// The emulator's log lines: stdout for progress, stderr for problems.
enum ServerLog {
    /// Prints a progress line and flushes it at once (tests wait for these lines).
    static func info(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints a problem to stderr.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data(("hearth: " + line + "\n").utf8))
    }
}
