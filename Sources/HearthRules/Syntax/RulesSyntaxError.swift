/// A load-time error in a rules file: a syntax error or a violated static rule, with its location.
public struct RulesSyntaxError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The 1-based line of the offending text.
    public let line: Int
    /// The 1-based column of the offending text.
    public let column: Int
    /// What went wrong, usually in the form `expected X, found Y`.
    public let message: String

    /// Creates an error at an explicit line and column.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// Creates an error at a source position.
    init(at position: SourcePosition, _ message: String) {
        self.init(line: position.line, column: position.column, message: message)
    }

    /// Renders as `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
