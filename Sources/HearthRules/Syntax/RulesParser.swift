/// Recursive-descent parser for Firestore security rules (fact sheet §1.9).
///
/// Entry point: `RulesParser.parse(_:)`. Declarations live in `RulesParser+Declarations.swift`,
/// match blocks in `+Match`, expressions in `+Expressions`, paths in `+Paths`.
struct RulesParser {
    /// The token source.
    var lexer: RulesLexer
    /// The token under the cursor (the only lookahead the parser uses).
    var current: RulesToken
    /// Where the last consumed token or path segment ended.
    var lastEnd = SourcePosition(line: 1, column: 1)
    /// The file's version, known once `rules_version` is read.
    var version: RulesVersion = .v1
    /// How deeply `parseExpression` is nested right now.
    var expressionDepth = 0
    /// The next expression id to hand out.
    var nextExpressionID = 0

    /// Parses and checks a whole rules file.
    static func parse(_ source: String) throws(RulesSyntaxError) -> RulesFile {
        if source.utf8.count > RulesLimits.maxSourceBytes {
            throw RulesSyntaxError(
                line: 1, column: 1,
                message: "expected at most \(RulesLimits.maxSourceBytes) bytes of rules, found \(source.utf8.count)")
        }
        var parser = try RulesParser(source: source)
        let file = try parser.parseFile()
        try RulesCallGraph.rejectRecursion(in: file)
        return file
    }

    /// Creates a parser positioned on the first token of `source`.
    private init(source: String) throws(RulesSyntaxError) {
        lexer = RulesLexer(source)
        current = try lexer.nextToken()
    }

    /// Moves to the next token, remembering where the consumed one ended.
    mutating func advance() throws(RulesSyntaxError) {
        lastEnd = current.range.end
        current = try lexer.nextToken()
    }

    /// Whether the current token is `symbol`.
    func check(_ symbol: RulesSymbol) -> Bool {
        current.kind == .symbol(symbol)
    }

    /// Whether the current token is `keyword`.
    func check(_ keyword: RulesKeyword) -> Bool {
        current.kind == .keyword(keyword)
    }

    /// Consumes `symbol` if it is current; says whether it did.
    mutating func consume(_ symbol: RulesSymbol) throws(RulesSyntaxError) -> Bool {
        guard check(symbol) else { return false }
        try advance()
        return true
    }

    /// Consumes `symbol` or fails with `expected 'symbol', found …`.
    mutating func expect(_ symbol: RulesSymbol) throws(RulesSyntaxError) {
        guard check(symbol) else { throw failure(expected: "'\(symbol.rawValue)'") }
        try advance()
    }

    /// Consumes `keyword` or fails with `expected 'keyword', found …`.
    mutating func expect(_ keyword: RulesKeyword) throws(RulesSyntaxError) {
        guard check(keyword) else { throw failure(expected: "'\(keyword.rawValue)'") }
        try advance()
    }

    /// Consumes an identifier and returns it, or fails naming `what` was expected.
    mutating func expectIdentifier(_ what: String) throws(RulesSyntaxError) -> String {
        guard case .identifier(let name) = current.kind else { throw failure(expected: what) }
        try advance()
        return name
    }

    /// An error at the current token: `expected X, found Y`.
    func failure(expected: String) -> RulesSyntaxError {
        RulesSyntaxError(at: current.range.start, "expected \(expected), found \(current.quoted)")
    }

    /// A range from `start` to the end of the last consumed token.
    func range(from start: SourcePosition) -> SourceRange {
        SourceRange(start: start, end: max(start, lastEnd))
    }
}
