import HearthCore
import HearthRules

/// What the emulator endpoints act on: the engine, the rules, and the server's lifetime.
struct EmulatorControls: Sendable {
    /// The engine (clearing databases).
    let engine: Engine
    /// The rules in force.
    let rules: ProjectRulesPolicy
    /// The running Listen streams (reported by GET /emulator/v1/listens).
    let listens: ListenRegistry
    /// Stops the server (POST /shutdown).
    let requestShutdown: @Sendable () -> Void
}
