public import ArgumentParser
import Foundation
import HearthCore

/// `hearth verify`: checks every record and storage invariant of a data directory; exits 1 when
/// anything is wrong. It never creates a directory.
public struct VerifyCommand: ParsableCommand {
    /// The subcommand's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every record and storage invariant of a data directory (exit 1 on problems).")

    /// The data directory.
    @OptionGroup public var data: DataDirectoryOptions

    /// Creates the command (ArgumentParser fills it in).
    public init() {}

    /// Refuses a directory that does not exist (verifying must not create one).
    public func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data.directory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ValidationError("Invalid value for '--data': no data directory at \(data.directory).")
        }
    }

    /// Opens the directory, prints the report and its problems.
    public func run() throws {
        let engine = try Engine(directory: data.directory)
        defer { engine.close() }
        let report = try engine.verify()
        print("\(data.directory): \(report)")
        for problem in report.problems { print("  - \(problem)") }
        if !report.isHealthy { throw ExitCode.failure }
    }
}
