package import ArgumentParser

/// `hearth demo`: a scripted session through the Swift API on a data directory.
package struct DemoCommand: AsyncParsableCommand {
    /// The subcommand's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the data directory and run a scripted session through the Swift API.")

    /// The data directory.
    @OptionGroup package var data: DataDirectoryOptions

    /// Creates the command (ArgumentParser fills it in).
    package init() {}

    /// Runs the session.
    package func run() async throws {
        try await DemoSession.run(directory: data.directory)
    }
}
