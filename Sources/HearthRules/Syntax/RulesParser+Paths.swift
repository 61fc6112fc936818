/// Match patterns and path literals, scanned segment by segment after a `/` token.
extension RulesParser {
    /// Reads the token after a path whose last segment was scanned raw.
    private mutating func resumeTokens() throws(RulesSyntaxError) {
        current = try lexer.nextToken()
    }

    /// `match_path = "/" match_seg { "/" match_seg }`; the current token is the leading `/`.
    mutating func parseMatchPattern() throws(RulesSyntaxError) -> MatchPattern {
        var segments: [MatchPattern.Segment] = []
        var names: Set<String> = []
        var recursivePosition: SourcePosition?
        repeat {
            if let position = recursivePosition, version == .v1 {
                throw RulesSyntaxError(
                    at: position, "expected the recursive wildcard to be the last segment (rules_version '1'), found more")
            }
            let (token, range) = try lexer.scanPathSegment()
            switch token {
            case .interpolationStart:
                throw RulesSyntaxError(at: range.start, "expected a literal segment or wildcard, found '$('")
            case .literal(let text):
                segments.append(.literal(text))
            case .wildcard(let name, let recursive):
                guard names.insert(name).inserted else {
                    throw RulesSyntaxError(at: range.start, "expected a new wildcard name, found '\(name)' again")
                }
                if recursive {
                    if recursivePosition != nil {
                        throw RulesSyntaxError(
                            at: range.start, "expected at most one recursive wildcard per match path, found a second")
                    }
                    recursivePosition = range.start
                    segments.append(.recursiveWildcard(name))
                } else {
                    segments.append(.wildcard(name))
                }
            }
            lastEnd = range.end
        } while lexer.consumeAdjacentSlash()
        try resumeTokens()
        return MatchPattern(segments: segments, version: version)
    }

    /// `path_lit = "/" path_seg { "/" path_seg }`; the current token is the leading `/`.
    mutating func parsePathLiteral() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        var segments: [PathLiteralSegment] = []
        repeat {
            let (token, range) = try lexer.scanPathSegment()
            switch token {
            case .literal(let text):
                segments.append(.literal(text))
                lastEnd = range.end
            case .wildcard(let name, let recursive):
                if recursive {
                    throw RulesSyntaxError(at: range.start, "expected '{\(name)}' or '$(', found '{\(name)=**}'")
                }
                segments.append(.placeholder(name))
                lastEnd = range.end
            case .interpolationStart:
                try advance()
                let inner = try parseExpression()
                guard check(.rightParen) else { throw failure(expected: "')' closing '$('") }
                lastEnd = current.range.end
                segments.append(.interpolation(inner))
            }
        } while lexer.consumeAdjacentSlash()
        try resumeTokens()
        return try makeExpr(.path(segments), from: start)
    }
}
