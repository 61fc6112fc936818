import Foundation

/// The body every example's demo executable shares: parse `[--data DIR]`, run, report a failure.
public enum DemoMain {
    /// Parses the command line for `program` (`--help` prints the usage), runs `body` with the
    /// options and exits: 0 after a run, 64 for arguments not understood, 1 when `body` throws.
    public static func run(
        program: String, defaultDirectory: String, _ body: (DemoOptions) async throws -> Void
    ) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let usage = DemoOptions.usage(program: program, defaultDirectory: defaultDirectory)
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            exit(0)
        }
        guard let options = DemoOptions(arguments: arguments, defaultDirectory: defaultDirectory) else {
            print(usage)
            exit(64)
        }
        do {
            try await body(options)
        } catch {
            print("\nThe demo stopped: \(error)")
            exit(1)
        }
        exit(0)
    }
}
