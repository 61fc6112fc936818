public import ArgumentParser

/// `hearth demo`: a scripted session through the Swift API on a data directory.
public struct DemoCommand: AsyncParsableCommand {
    /// The subcommand's name and summary.
    public static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the data directory and run a scripted session through the Swift API.")

    /// The data directory.
    @OptionGroup public var data: DataDirectoryOptions

    /// Creates the command (ArgumentParser fills it in).
    public init() {}

    /// Runs the session.
    public func run() async throws {
        try await DemoSession.run(directory: data.directory)
    }
}
