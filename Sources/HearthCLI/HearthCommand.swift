package import ArgumentParser

/// `hearth`: Cloud Firestore on your own machine — the emulator (`serve`) and the tools that work
/// on a data directory directly (`demo`, `verify`, `import`, `export`).
package struct HearthCommand: AsyncParsableCommand {
    /// The command's name, summary and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Cloud Firestore on your own machine: a persistent emulator on LMDB.",
        subcommands: [ServeCommand.self, DemoCommand.self, VerifyCommand.self, ImportCommand.self, ExportCommand.self])

    /// Creates the command (ArgumentParser fills it in).
    package init() {}
}

/// The data directory every subcommand works on: one flag, one default.
package struct DataDirectoryOptions: ParsableArguments {
    /// Where data lives when `--data` is not given.
    package static let defaultDirectory = "./.hearth"

    /// The data directory.
    @Option(name: .customLong("data"), help: ArgumentHelp("The data directory.", valueName: "dir"))
    package var directory: String = DataDirectoryOptions.defaultDirectory

    /// Creates the options (ArgumentParser fills them in).
    package init() {}
}
