/// The demos' shared stagecraft: the opening lines, section titles, and refusals the story expects.
public enum DemoScene {
    /// Prints the demo's title and whether `directory` is fresh (`accounts` is 0) or holds an
    /// earlier run's data, described by `earlier`.
    public static func opening(_ title: String, directory: String, accounts: Int, earlier: () -> String) {
        print("\(title) demo — data directory \(directory)")
        print(accounts == 0 ? "A fresh data directory: nothing stored yet." : "Found data from an earlier run: \(earlier()).")
    }

    /// Prints a section title.
    public static func section(_ title: String) {
        print("\n== \(title) ==")
    }

    /// Runs `attempt`, which the story says the app refuses with a `Failure`, and prints what the
    /// app's alert would show and the error.
    /// - Throws: `DemoFailure` when `attempt` succeeds; any error that is not a `Failure`.
    public static func expectRefusal<Failure: ExampleAppError & CustomStringConvertible>(
        _ what: String, as failure: Failure.Type, _ attempt: () async throws -> Void
    ) async throws {
        do {
            try await attempt()
        } catch let error as Failure {
            print("\(what) → refused: \"\(error.alertMessage)\" (\(error))")
            return
        }
        throw DemoFailure(description: "\(what) was accepted")
    }
}

/// The demo met something its story says cannot happen.
public struct DemoFailure: Error, CustomStringConvertible {
    /// What.
    public let description: String

    /// A failure saying `description`.
    public init(description: String) { self.description = description }
}
