/// Raw scanning of path segments, used after a `/` that starts a match pattern or a path literal.
extension RulesLexer {
    /// One segment of a path as written in the source.
    enum PathSegmentToken: Equatable {
        /// A literal segment such as `cities` or `(default)`.
        case literal(String)
        /// `{name}` or, when `recursive`, `{name=**}`.
        case wildcard(name: String, recursive: Bool)
        /// `$(`, which opens an interpolated expression.
        case interpolationStart
    }

    /// Scans the segment right at the cursor (no whitespace is allowed before it).
    mutating func scanPathSegment() throws(RulesSyntaxError) -> (segment: PathSegmentToken, range: SourceRange) {
        let start = position
        guard let scalar = peek() else {
            throw RulesSyntaxError(at: start, "expected a path segment, found end of file")
        }
        let segment: PathSegmentToken
        if scalar == "$" && peek(1) == "(" {
            bump()
            bump()
            segment = .interpolationStart
        } else if scalar == "{" {
            segment = try scanWildcard()
        } else if scalar == "(" {
            bump()
            let inner = consumeSegmentCharacters()
            guard !inner.isEmpty, peek() == ")" else {
                throw RulesSyntaxError(at: position, "expected a path segment name and ')', found \(describeNext())")
            }
            bump()
            segment = .literal("(" + inner + ")")
        } else {
            let text = consumeSegmentCharacters()
            guard !text.isEmpty else {
                throw RulesSyntaxError(at: start, "expected a path segment, found \(describeNext())")
            }
            segment = .literal(text)
        }
        return (segment, SourceRange(start: start, end: position))
    }

    /// Consumes a `/` glued to the previous segment, unless it starts a comment; says whether it did.
    mutating func consumeAdjacentSlash() -> Bool {
        guard peek() == "/", peek(1) != "/", peek(1) != "*" else { return false }
        bump()
        return true
    }

    /// Scans `{name}` or `{name=**}`.
    private mutating func scanWildcard() throws(RulesSyntaxError) -> PathSegmentToken {
        bump()
        var name = ""
        if let first = peek(), first.isRulesIdentifierStart {
            while let scalar = peek(), scalar.isRulesIdentifierContinue {
                name.unicodeScalars.append(scalar)
                bump()
            }
        }
        guard !name.isEmpty else {
            throw RulesSyntaxError(at: position, "expected a wildcard name, found \(describeNext())")
        }
        if RulesKeyword(rawValue: name) != nil {
            throw RulesSyntaxError(at: position, "expected a wildcard name, found reserved word '\(name)'")
        }
        var recursive = false
        if peek() == "=" {
            bump()
            guard peek() == "*", peek(1) == "*" else {
                throw RulesSyntaxError(at: position, "expected '**', found \(describeNext())")
            }
            bump()
            bump()
            recursive = true
        }
        guard peek() == "}" else {
            let expected = recursive ? "'}'" : "'}' or '=**'"
            throw RulesSyntaxError(at: position, "expected \(expected), found \(describeNext())")
        }
        bump()
        return .wildcard(name: name, recursive: recursive)
    }

    /// Consumes letters, digits, `_`, `-` and `.`, the characters of a literal segment.
    private mutating func consumeSegmentCharacters() -> String {
        var text = ""
        while let scalar = peek(), Self.isSegmentCharacter(scalar) {
            text.unicodeScalars.append(scalar)
            bump()
        }
        return text
    }

    /// Whether a scalar may appear in a literal path segment (any letter or digit, `_`, `-`, `.`).
    private static func isSegmentCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isRulesLetter || scalar.isRulesDigit || scalar == "_" || scalar == "-" || scalar == "." {
            return true
        }
        return scalar.value > 0x7F && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }
}
