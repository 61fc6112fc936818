import Foundation

/// The lines users and scripts wait for on standard output (`FIRESTORE_EMULATOR_HOST=…`, `… ready …`,
/// `… stopped`): printed whatever the log level, flushed at once. Everything else goes to the logger.
enum ServerAnnouncements {
    /// Prints `line` to standard output, unbuffered.
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
