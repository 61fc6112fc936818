import Testing
@testable import HearthRules

/// Tokens, positions, comments and numbers.
@Suite struct RulesLexerTests {
    /// Identifiers, reserved words and punctuation come out in order.
    @Test func wordsAndSymbols() throws {
        let kinds = try RulesSyntaxTestSupport.tokenKinds("allow read, write: if a.b[0] != null && !x || y in z;")
        #expect(kinds == [
            .keyword(.allow), .identifier("read"), .symbol(.comma), .identifier("write"), .symbol(.colon),
            .keyword(.if), .identifier("a"), .symbol(.dot), .identifier("b"), .symbol(.leftBracket), .int(0),
            .symbol(.rightBracket), .symbol(.notEqual), .keyword(.null), .symbol(.and), .symbol(.bang),
            .identifier("x"), .symbol(.or), .identifier("y"), .keyword(.in), .identifier("z"), .symbol(.semicolon),
        ])
    }

    /// Every operator and punctuation mark lexes to its symbol.
    @Test func everySymbol() throws {
        for symbol in RulesSymbol.allCases {
            let kinds = try RulesSyntaxTestSupport.tokenKinds(" \(symbol.rawValue) ")
            #expect(kinds == [.symbol(symbol)], "symbol \(symbol.rawValue)")
        }
    }

    /// Every reserved word is a keyword; near misses are identifiers.
    @Test func keywords() throws {
        for keyword in RulesKeyword.allCases {
            #expect(try RulesSyntaxTestSupport.tokenKinds(keyword.rawValue) == [.keyword(keyword)])
        }
        #expect(try RulesSyntaxTestSupport.tokenKinds("matches _x x1 Allow") == [
            .identifier("matches"), .identifier("_x"), .identifier("x1"), .identifier("Allow"),
        ])
    }

    /// Tokens carry 1-based line and column ranges, across newlines and CRLF.
    @Test func positions() throws {
        let tokens = try RulesSyntaxTestSupport.tokens("a\n  bc\r\n\td == 'x'")
        let starts = tokens.map { "\($0.range.start)" }
        let ends = tokens.map { "\($0.range.end)" }
        #expect(starts == ["1:1", "2:3", "3:2", "3:4", "3:7"])
        #expect(ends == ["1:2", "2:5", "3:3", "3:6", "3:10"])
    }

    /// Columns count Unicode scalars, not bytes.
    @Test func unicodeColumns() throws {
        let tokens = try RulesSyntaxTestSupport.tokens("'héllo😀' x")
        #expect(tokens.map(\.range.start.column) == [1, 10])
    }

    /// Line and block comments are skipped, including across lines.
    @Test func comments() throws {
        let source = "a // line comment\n/* block\n comment */ b /**/ c // end"
        let tokens = try RulesSyntaxTestSupport.tokens(source)
        #expect(tokens.map(\.kind) == [.identifier("a"), .identifier("b"), .identifier("c")])
        #expect(tokens[1].range.start == SourcePosition(line: 3, column: 13))
    }

    /// An unterminated block comment is an error at its start.
    @Test func unterminatedComment() {
        #expect(throws: RulesSyntaxError(line: 1, column: 3, message: "expected '*/' to close the comment, found end of file")) {
            _ = try RulesSyntaxTestSupport.tokens("a /* never closed")
        }
    }

    /// Integers in decimal and hex, floats with fractions and exponents.
    @Test func numbers() throws {
        let kinds = try RulesSyntaxTestSupport.tokenKinds("0 42 0x2A 0XfF 1.0 2.25 1e3 1.5e3 2.5E-4 7e+2 18446744073709551615")
        #expect(kinds == [
            .int(0), .int(42), .int(42), .int(255), .float(1.0), .float(2.25), .float(1000), .float(1500),
            .float(0.00025), .float(700), .int(UInt64.max),
        ])
    }

    /// `1.size` style dots after an int stay separate tokens; `x[1:2]` lexes cleanly.
    @Test func numberBoundaries() throws {
        #expect(try RulesSyntaxTestSupport.tokenKinds("x[1:2]") == [
            .identifier("x"), .symbol(.leftBracket), .int(1), .symbol(.colon), .int(2), .symbol(.rightBracket),
        ])
        #expect(try RulesSyntaxTestSupport.tokenKinds("1.a") == [.int(1), .symbol(.dot), .identifier("a")])
    }

    /// Malformed numbers are errors at the offending character.
    @Test(arguments: [
        ("12abc", 1, 3, "expected operator or separator after number, found 'a'"),
        ("0x", 1, 3, "expected hexadecimal digits, found end of file"),
        ("18446744073709551616", 1, 1, "integer literal 18446744073709551616 is out of range"),
        ("1e999", 1, 1, "float literal 1e999 is out of range"),
        ("1u", 1, 2, "expected operator or separator after number, found 'u'"),
    ])
    func badNumbers(source: String, line: Int, column: Int, message: String) {
        #expect(throws: RulesSyntaxError(line: line, column: column, message: message)) {
            _ = try RulesSyntaxTestSupport.tokens(source)
        }
    }

    /// Stray characters are reported with their position.
    @Test func strayCharacters() {
        #expect(throws: RulesSyntaxError(line: 1, column: 3, message: "expected '&&', found '&'")) {
            _ = try RulesSyntaxTestSupport.tokens("a & b")
        }
        #expect(throws: RulesSyntaxError(line: 2, column: 1, message: "expected a token, found unexpected character '#'")) {
            _ = try RulesSyntaxTestSupport.tokens("a\n#")
        }
        #expect(throws: RulesSyntaxError(line: 1, column: 1, message: "expected a token, found unexpected character U+0")) {
            _ = try RulesSyntaxTestSupport.tokens("\u{0}")
        }
    }
}
