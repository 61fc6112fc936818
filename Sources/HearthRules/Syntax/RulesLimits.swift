/// The static limits the parser enforces (fact sheet §4, plus Hearth's own safety caps).
enum RulesLimits {
    /// Largest accepted source, in UTF-8 bytes (256 KiB).
    static let maxSourceBytes = 256 * 1024
    /// Deepest nesting of `match` blocks.
    static let maxMatchDepth = 10
    /// Most path segments across nested match patterns.
    static let maxPathSegments = 100
    /// Most wildcard (capture) variables across nested match patterns.
    static let maxCaptures = 20
    /// Most parameters of one function.
    static let maxFunctionParameters = 7
    /// Most `let` bindings in one function.
    static let maxLetBindings = 10
    /// Tallest expression tree, e.g. a chain of `||` (Hearth's guard for recursive walkers).
    static let maxExpressionDepth = 500
    /// Deepest nesting of brackets, calls, interpolations and ternaries (Hearth's guard for the parser's
    /// stack: a debug build spends about 12 KB of stack per level, so 200 levels stay under 2.5 MB).
    static let maxExpressionNesting = 200
}
