/// Turns rules source text into tokens on demand, tracking line and column.
///
/// The parser pulls one token at a time; path literals and match patterns are scanned
/// character by character through `RulesLexer+Paths.swift`, because `/` means a path only where
/// the parser expects an operand.
struct RulesLexer {
    /// The source, as Unicode scalars.
    let scalars: [Unicode.Scalar]
    /// Index of the next unread scalar.
    private(set) var index = 0
    /// Line of the next unread scalar.
    private(set) var line = 1
    /// Column of the next unread scalar.
    private(set) var column = 1

    /// Creates a lexer over `source`.
    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// The position of the next unread scalar.
    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// The scalar `offset` places ahead of the cursor, or nil past the end.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let target = index + offset
        return target >= 0 && target < scalars.count ? scalars[target] : nil
    }

    /// Consumes one scalar, updating line and column; returns nil at the end.
    @discardableResult
    mutating func bump() -> Unicode.Scalar? {
        guard let scalar = peek() else { return nil }
        index += 1
        if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
        return scalar
    }

    /// The source text between a start index and the cursor, shortened for messages.
    func text(from start: Int) -> String {
        let end = min(index, scalars.count)
        guard start < end else { return "" }
        let limit = 40
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<min(end, start + limit)])
        return end - start > limit ? String(view) + "…" : String(view)
    }

    /// Produces the next token, skipping whitespace and comments.
    mutating func nextToken() throws(RulesSyntaxError) -> RulesToken {
        try skipTrivia()
        let startIndex = index
        let start = position
        guard let scalar = peek() else {
            return RulesToken(kind: .endOfFile, range: SourceRange(start: start, end: start), text: "")
        }
        let kind: RulesTokenKind
        if scalar.isRulesIdentifierStart {
            kind = try lexWord(start: start)
        } else if scalar.isRulesDigit {
            kind = try lexNumber(start: start)
        } else if scalar == "'" || scalar == "\"" {
            kind = try lexQuoted(prefix: "", start: start)
        } else {
            kind = .symbol(try lexSymbol(start: start))
        }
        return RulesToken(kind: kind, range: SourceRange(start: start, end: position), text: text(from: startIndex))
    }

    /// Skips whitespace, `//` line comments and `/* */` block comments.
    mutating func skipTrivia() throws(RulesSyntaxError) {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                bump()
            } else if scalar == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n", next != "\r" { bump() }
            } else if scalar == "/" && peek(1) == "*" {
                let start = position
                bump()
                bump()
                var closed = false
                while let next = peek() {
                    if next == "*" && peek(1) == "/" {
                        bump()
                        bump()
                        closed = true
                        break
                    }
                    bump()
                }
                if !closed { throw RulesSyntaxError(at: start, "expected '*/' to close the comment, found end of file") }
            } else {
                return
            }
        }
    }

    /// Lexes an identifier or keyword, or a prefixed literal such as `b'…'` or `r"…"`.
    private mutating func lexWord(start: SourcePosition) throws(RulesSyntaxError) -> RulesTokenKind {
        var word = ""
        while let scalar = peek(), scalar.isRulesIdentifierContinue {
            word.unicodeScalars.append(scalar)
            bump()
        }
        if let quote = peek(), quote == "'" || quote == "\"", Self.literalPrefixes.contains(word.lowercased()) {
            return try lexQuoted(prefix: word.lowercased(), start: start)
        }
        if let keyword = RulesKeyword(rawValue: word) { return .keyword(keyword) }
        return .identifier(word)
    }

    /// The prefixes that turn a following quote into a bytes or raw string literal.
    private static let literalPrefixes: Set<String> = ["b", "r", "br", "rb"]

    /// Lexes an operator or punctuation mark.
    private mutating func lexSymbol(start: SourcePosition) throws(RulesSyntaxError) -> RulesSymbol {
        if let first = peek(), let second = peek(1) {
            var pair = String.UnicodeScalarView()
            pair.append(first)
            pair.append(second)
            if let symbol = RulesSymbol(rawValue: String(pair)) {
                bump()
                bump()
                return symbol
            }
        }
        guard let scalar = peek() else {
            throw RulesSyntaxError(at: start, "expected a token, found end of file")
        }
        if let symbol = RulesSymbol(rawValue: String(Character(scalar))) {
            bump()
            return symbol
        }
        if scalar == "&" || scalar == "|" {
            throw RulesSyntaxError(at: start, "expected '\(scalar)\(scalar)', found '\(scalar)'")
        }
        throw RulesSyntaxError(at: start, "expected a token, found unexpected character \(Self.describe(scalar))")
    }

    /// Quotes a scalar for an error message, spelling out invisible ones.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
            return "U+" + String(scalar.value, radix: 16, uppercase: true)
        }
        return "'\(scalar)'"
    }
}

/// Character classes of the rules lexer.
extension Unicode.Scalar {
    /// Whether the scalar is an ASCII digit.
    var isRulesDigit: Bool { ("0"..."9").contains(self) }
    /// Whether the scalar is an ASCII letter.
    var isRulesLetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    /// Whether the scalar is an ASCII hexadecimal digit.
    var isRulesHexDigit: Bool { isRulesDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
    /// Whether the scalar may start an identifier.
    var isRulesIdentifierStart: Bool { isRulesLetter || self == "_" }
    /// Whether the scalar may continue an identifier.
    var isRulesIdentifierContinue: Bool { isRulesIdentifierStart || isRulesDigit }
}
