/// `match /pattern { … }`: an allow-statement container whose pattern is relative to its parent's.
struct MatchBlock: Sendable, Equatable {
    /// This block's own pattern (relative to the enclosing block).
    let pattern: MatchPattern
    /// The `allow` statements directly in this block, in source order.
    let allows: [AllowStatement]
    /// The functions declared directly in this block.
    let functions: [FunctionDecl]
    /// The nested match blocks, in source order.
    let matches: [MatchBlock]
    /// The whole block's source range.
    let range: SourceRange

    /// This block's functions by name.
    var functionTable: [String: FunctionDecl] {
        Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The language version chosen by `rules_version`.
enum RulesVersion: String, Sendable, Equatable {
    case v1 = "1"
    case v2 = "2"
}

/// A parsed rules file.
struct RulesFile: Sendable, Equatable {
    /// `rules_version`, defaulting to version 1.
    let version: RulesVersion
    /// The service name, always `cloud.firestore` once parsed.
    let serviceName: String
    /// Functions declared before the `service` block.
    let functions: [FunctionDecl]
    /// Functions declared directly in the `service` block.
    let serviceFunctions: [FunctionDecl]
    /// Top-level match blocks of the service.
    let matches: [MatchBlock]
    /// How many expression nodes the file has; ids run from 0 to `expressionCount - 1`.
    let expressionCount: Int
}
