/// The demo's command line: `[--data DIR]`.
struct DemoOptions {
    /// Where the data lives (created when missing).
    let dataDirectory: String

    /// What `--help` prints.
    static let usage = """
        usage: roomiefinder-demo [--data DIR]

          --data DIR   the Hearth data directory to use (default: ./roomiefinder-data).
                       Run the demo twice on the same directory to see the data persist.
        """

    /// Parses the arguments, or nil when they are not understood.
    init?(arguments: [String]) {
        var directory = "./roomiefinder-data"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument == "--data", let value = remaining.popFirst(), !value.isEmpty else { return nil }
            directory = value
        }
        dataDirectory = directory
    }
}
