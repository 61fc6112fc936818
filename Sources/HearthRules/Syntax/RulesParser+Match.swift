/// `match` blocks and their static limits (nesting, path length, captures, recursive wildcards).
extension RulesParser {
    /// What the enclosing match blocks add up to, for the limits that span nesting.
    struct MatchContext {
        /// How many match blocks enclose this one.
        let depth: Int
        /// Path segments across the enclosing patterns.
        let segmentCount: Int
        /// Wildcards across the enclosing patterns.
        let captureCount: Int
        /// Whether the enclosing composed pattern ends in a recursive wildcard.
        let endsInRecursiveWildcard: Bool
        /// Whether the enclosing composed pattern has a recursive wildcard anywhere.
        let hasRecursiveWildcard: Bool

        /// The context of a top-level match block.
        static let root = MatchContext(
            depth: 0, segmentCount: 0, captureCount: 0, endsInRecursiveWildcard: false, hasRecursiveWildcard: false)
    }

    /// `match /pattern { allow … | function … | match … }`.
    mutating func parseMatch(in context: MatchContext) throws(RulesSyntaxError) -> MatchBlock {
        let start = current.range.start
        if context.depth >= RulesLimits.maxMatchDepth {
            throw RulesSyntaxError(
                at: start, "expected at most \(RulesLimits.maxMatchDepth) nested match blocks, found a deeper one")
        }
        if version == .v1 && context.endsInRecursiveWildcard {
            throw RulesSyntaxError(
                at: start,
                "expected no match block under a recursive wildcard (rules_version '1' needs it last), found 'match'")
        }
        try advance()
        guard check(.slash) else { throw failure(expected: "'/' starting the match path") }
        let patternStart = current.range.start
        let pattern = try parseMatchPattern()
        let inner = try innerContext(context, adding: pattern, at: patternStart)
        try expect(.leftBrace)
        var allows: [AllowStatement] = []
        var functions: [FunctionDecl] = []
        var matches: [MatchBlock] = []
        while !check(.rightBrace) {
            if check(.allow) {
                allows.append(try parseAllow())
            } else if check(.function) {
                try Self.append(try parseFunction(), to: &functions)
            } else if check(.match) {
                matches.append(try parseMatch(in: inner))
            } else {
                throw failure(expected: "'allow', 'match', 'function' or '}'")
            }
        }
        try advance()
        return MatchBlock(
            pattern: pattern, allows: allows, functions: functions, matches: matches, range: range(from: start))
    }

    /// The context for blocks nested in one with `pattern`, enforcing the cross-nesting limits.
    private func innerContext(
        _ context: MatchContext, adding pattern: MatchPattern, at position: SourcePosition
    ) throws(RulesSyntaxError) -> MatchContext {
        let segmentCount = context.segmentCount + pattern.segments.count
        if segmentCount > RulesLimits.maxPathSegments {
            throw RulesSyntaxError(
                at: position,
                "expected at most \(RulesLimits.maxPathSegments) path segments across nested matches, found \(segmentCount)")
        }
        let captureCount = context.captureCount + pattern.variableNames.count
        if captureCount > RulesLimits.maxCaptures {
            throw RulesSyntaxError(
                at: position,
                "expected at most \(RulesLimits.maxCaptures) wildcards across nested matches, found \(captureCount)")
        }
        let addsRecursive = pattern.segments.contains { segment in
            if case .recursiveWildcard = segment { return true }
            return false
        }
        if addsRecursive && context.hasRecursiveWildcard {
            throw RulesSyntaxError(
                at: position,
                "expected at most one recursive wildcard across nested match paths, found a second")
        }
        var endsInRecursive = context.endsInRecursiveWildcard
        if let last = pattern.segments.last {
            if case .recursiveWildcard = last { endsInRecursive = true } else { endsInRecursive = false }
        }
        return MatchContext(
            depth: context.depth + 1, segmentCount: segmentCount, captureCount: captureCount,
            endsInRecursiveWildcard: endsInRecursive,
            hasRecursiveWildcard: context.hasRecursiveWildcard || addsRecursive)
    }
}
