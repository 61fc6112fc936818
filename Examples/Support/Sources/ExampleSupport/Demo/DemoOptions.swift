/// An example demo's command line, `[--data DIR]`, shared by every app's demo executable.
public struct DemoOptions: Sendable, Equatable {
    /// Where the data lives (created when missing).
    public let dataDirectory: String

    /// What `--help` prints for the demo called `program`, whose default directory is `defaultDirectory`.
    public static func usage(program: String, defaultDirectory: String) -> String {
        """
        usage: \(program) [--data DIR]

          --data DIR   the Hearth data directory to use (default: \(defaultDirectory)).
                       Run the demo twice on the same directory to see the data persist.
        """
    }

    /// Parses the arguments (without the program name); nil when they are not understood.
    public init?(arguments: [String], defaultDirectory: String) {
        var directory = defaultDirectory
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("--data="), argument.count > 7 {
                directory = String(argument.dropFirst(7))
                continue
            }
            guard argument == "--data", let value = remaining.popFirst(), !value.isEmpty else { return nil }
            directory = value
        }
        dataDirectory = directory
    }
}
