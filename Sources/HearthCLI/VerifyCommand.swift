package import ArgumentParser
import Foundation
import HearthCore

/// `hearth verify`: checks every record and storage invariant of a data directory; exits 1 when
/// anything is wrong. It never creates a directory.
package struct VerifyCommand: ParsableCommand {
    /// The subcommand's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every record and storage invariant of a data directory (exit 1 on problems).")

    /// The data directory.
    @OptionGroup package var data: DataDirectoryOptions

    /// The map size to open with (a test knob: opening with the default would enlarge a small map
    /// for good, and the soak harness wants it to keep growing under load).
    @Option(help: .hidden)
    package var initialMapSize: Int?

    /// Creates the command (ArgumentParser fills it in).
    package init() {}

    /// Refuses a directory that does not exist (verifying must not create one).
    package func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data.directory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ValidationError("Invalid value for '--data': no data directory at \(data.directory).")
        }
    }

    /// Opens the directory, prints the report and its problems.
    package func run() throws {
        var options = EngineOptions()
        if let initialMapSize { options.initialMapSize = initialMapSize }
        let engine = try Engine(directory: data.directory, options: options)
        defer { engine.close() }
        let report = try engine.verify()
        print("\(data.directory): \(report)")
        for problem in report.problems { print("  - \(problem)") }
        if !report.isHealthy { throw ExitCode.failure }
    }
}
