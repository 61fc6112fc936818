import Foundation
import HearthRules
import Logging

/// Loads the `--rules` file and reloads it whenever its modification time or size changes
/// (checked once a second); a file that fails to parse keeps the previous rules in force.
struct RulesFileWatcher: Sendable {
    /// The rules file.
    let path: String
    /// Where loaded rules go.
    let policy: ProjectRulesPolicy
    /// Where reloads and problems are reported.
    let logger: Logger
    /// The clock the once-a-second polling waits on.
    var clock: ServerClock = .suspending

    /// Loads the file now.
    /// - Throws: an error naming the file and the first syntax problem.
    func loadNow() throws -> FileStamp {
        let stamp = FileStamp(path: path)
        try load()
        return stamp
    }

    /// Polls until the task is cancelled, reloading on change.
    func watch(from stamp: FileStamp) async {
        var last = stamp
        while !Task.isCancelled {
            try? await clock.sleep(for: .seconds(1))
            let now = FileStamp(path: path)
            guard now != last else { continue }
            last = now
            do {
                try load()
                policy.noteLoadError(nil)
                logger.notice("Reloaded rules from \(path)")
            } catch {
                policy.noteLoadError("\(error)")
                logger.error("\(error); keeping the previous rules")
            }
        }
    }

    private func load() throws {
        let source: String
        do {
            source = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ServerStartError(description: "Cannot read rules file \(path): \(error.localizedDescription)")
        }
        do {
            policy.setFileRules(try SecurityRules(source: source, fileName: (path as NSString).lastPathComponent))
        } catch {
            throw ServerStartError(description: "Rules file \(path) line \(error.line), column \(error.column): \(error.message)")
        }
    }
}

/// A file's modification time and size, to notice edits.
struct FileStamp: Equatable, Sendable {
    let modified: Date?
    let size: Int?

    /// Reads the stamp of `path` (nils when it cannot be read).
    init(path: String) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.intValue
    }
}

/// A problem that stops the emulator from starting, with the text to show.
public struct ServerStartError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String
}
