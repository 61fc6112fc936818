import Testing
@testable import HearthRules

/// String, bytes, number, list, map and path literals, and every escape.
@Suite struct RulesLiteralTests {
    /// The literal kind of a one-expression condition.
    private func literal(_ text: String) throws -> ExprKind {
        try RulesSyntaxTestSupport.condition(text).kind
    }

    /// Scalars literals.
    @Test func scalars() throws {
        #expect(try literal("null") == .null)
        #expect(try literal("true") == .bool(true))
        #expect(try literal("false") == .bool(false))
        #expect(try literal("42") == .int(42))
        #expect(try literal("9223372036854775807") == .int(Int64.max))
        #expect(try literal("-9223372036854775808") == .int(Int64.min))
        #expect(try literal("2.25") == .float(2.25))
        #expect(try literal("1.5e3") == .float(1500))
    }

    /// `-5` is unary minus applied to 5, per the sheet.
    @Test func negativeNumbersAreUnary() throws {
        #expect(RulesSyntaxTestSupport.printed("-5") == "(-5)")
        #expect(RulesSyntaxTestSupport.printed("--9223372036854775808") == "(--9223372036854775808)")
    }

    /// Integers beyond Int64 are load errors.
    @Test func integerOverflow() {
        let error = RulesSyntaxTestSupport.parseError(RulesSyntaxTestSupport.wrapped(
            "match /x/{y} { allow read: if 9223372036854775808 > 0; }"))
        #expect(error?.message == "integer literal 9223372036854775808 is out of range")
        #expect(error?.line == 4)
    }

    /// Single and double quotes are interchangeable.
    @Test func quotes() throws {
        #expect(try literal("'it\\'s'") == .string("it's"))
        #expect(try literal("\"say \\\"hi\\\"\"") == .string("say \"hi\""))
        #expect(try literal("\"it's\"") == .string("it's"))
        #expect(try literal("'say \"hi\"'") == .string("say \"hi\""))
        #expect(try literal("''") == .string(""))
    }

    /// Every accepted escape sequence in a string.
    @Test(arguments: [
        ("\\\\", "\\"), ("\\'", "'"), ("\\\"", "\""), ("\\t", "\t"), ("\\n", "\n"), ("\\r", "\r"),
        ("\\/", "/"), ("\\`", "`"), ("\\?", "?"), ("\\a", "\u{07}"), ("\\b", "\u{08}"), ("\\f", "\u{0C}"),
        ("\\v", "\u{0B}"), ("\\x41", "A"), ("\\X4a", "J"), ("\\052", "*"), ("\\377", "\u{FF}"),
        ("\\u00e9", "é"), ("\\u20AC", "€"), ("\\U0001F600", "😀"), ("a\\tb\\\\c", "a\tb\\c"),
    ])
    func stringEscapes(escape: String, expected: String) throws {
        #expect(try literal("'\(escape)'") == .string(expected))
    }

    /// Unknown or malformed escapes are syntax errors at the backslash.
    @Test(arguments: [
        ("'\\d'", "expected a valid escape sequence, found '\\d'"),
        ("'\\.txt'", "expected a valid escape sequence, found '\\.'"),
        ("'\\x4'", "expected 2 hexadecimal digits after '\\x', found '''"),
        ("'\\u12'", "expected 4 hexadecimal digits after '\\u', found '''"),
        ("'\\uD800'", "expected a Unicode scalar value, found U+D800"),
        ("'\\U00110000'", "expected a Unicode scalar value, found U+110000"),
        ("'\\08'", "expected 2 octal digits after '\\0', found '8'"),
        ("'\\400'", "expected a valid escape sequence, found '\\4'"),
    ])
    func badEscapes(source: String, message: String) {
        let error = RulesSyntaxTestSupport.parseError(
            RulesSyntaxTestSupport.wrapped("match /x/{y} { allow read: if \(source); }"))
        #expect(error?.message == message)
        #expect(error?.line == 4)
        #expect(error?.column == 32)
    }

    /// Strings cannot span lines or run to the end of the file.
    @Test func unterminatedStrings() {
        let newline = RulesSyntaxTestSupport.parseError(
            RulesSyntaxTestSupport.wrapped("match /x/{y} { allow read: if 'abc\n'; }"))
        #expect(newline?.message == "expected closing ' of the literal, found end of line")
        #expect(newline?.column == 31)
        let eof = RulesSyntaxTestSupport.parseError("service cloud.firestore { match /a { allow read: if \"abc")
        #expect(eof?.message == "expected closing \" of the literal, found end of file")
    }

    /// Raw strings keep backslashes; triple quotes may span lines.
    @Test func rawAndTripleQuoted() throws {
        #expect(try literal("r'.*\\.txt'") == .string(".*\\.txt"))
        #expect(try literal("R\"\\d+\"") == .string("\\d+"))
        #expect(try literal("'''a\n'b'\n'''") == .string("a\n'b'\n"))
        #expect(try literal("\"\"\"x\"\"\"") == .string("x"))
    }

    /// `b'*' == b'\x2A' == b'\052'`, UTF-8 text, and raw bytes.
    @Test func bytes() throws {
        #expect(try literal("b'*'") == .bytes([0x2A]))
        #expect(try literal("b'\\x2A'") == .bytes([0x2A]))
        #expect(try literal("b'\\052'") == .bytes([0x2A]))
        #expect(try literal("b\"é\"") == .bytes([0xC3, 0xA9]))
        #expect(try literal("b'\\xff\\u00e9'") == .bytes([0xFF, 0xC3, 0xA9]))
        #expect(try literal("B''") == .bytes([]))
        #expect(try literal("br'\\x'") == .bytes([0x5C, 0x78]))
        #expect(RulesSyntaxTestSupport.printed("b'*\\n'") == "b'\\x2a\\x0a'")
    }

    /// Lists and maps, with trailing commas and nesting.
    @Test func collections() {
        #expect(RulesSyntaxTestSupport.printed("[]") == "[]")
        #expect(RulesSyntaxTestSupport.printed("[1, 'a', [true],]") == "[1, 'a', [true]]")
        #expect(RulesSyntaxTestSupport.printed("{}") == "{}")
        #expect(RulesSyntaxTestSupport.printed("{'k': 1, \"k2\": [2],}") == "{'k': 1, 'k2': [2]}")
        #expect(RulesSyntaxTestSupport.printed("{\"a\":1}.diff({})") == "({'a': 1}.diff({}))")
        #expect(RulesSyntaxTestSupport.printed("[1 2]").hasPrefix("error: line 4, column 34: expected ',' or ']', found '2'"))
    }

    /// Path literals with interpolation, `(default)` and bind placeholders.
    @Test func paths() throws {
        #expect(RulesSyntaxTestSupport.printed("/databases/$(database)/documents/users/$(request.auth.uid)")
            == "/databases/$(database)/documents/users/$(((request.auth).uid))")
        #expect(RulesSyntaxTestSupport.printed("/databases/(default)/documents/a/b") == "/databases/(default)/documents/a/b")
        #expect(RulesSyntaxTestSupport.printed("/users/{uid}/x-y_z.1") == "/users/{uid}/x-y_z.1")
        #expect(RulesSyntaxTestSupport.printed("get(/a/$(x + 'b')).data")
            == "(get(/a/$((x + 'b'))).data)")
        #expect(RulesSyntaxTestSupport.printed("/$(prefix())/users/x") == "/$(prefix())/users/x")
        let path = try RulesSyntaxTestSupport.condition("/a/$( b )/c")
        guard case .path(let segments) = path.kind else {
            Issue.record("not a path")
            return
        }
        #expect(segments.count == 3)
        #expect(path.range.start.column == 31)
        #expect(path.range.end.column == 42)
    }

    /// After a path, a spaced `/` is division; a path where an operand is expected.
    @Test func pathVersusDivision() {
        #expect(RulesSyntaxTestSupport.printed("/a/b / 2") == "(/a/b / 2)")
        #expect(RulesSyntaxTestSupport.printed("x / /a/b") == "(x / /a/b)")
        #expect(RulesSyntaxTestSupport.printed("[/a, /b/c]") == "[/a, /b/c]")
    }

    /// Malformed paths report their position.
    @Test func badPaths() {
        let recursive = RulesSyntaxTestSupport.printed("/a/{b=**}")
        #expect(recursive == "error: line 4, column 34: expected '{b}' or '$(', found '{b=**}'")
        let spaced = RulesSyntaxTestSupport.printed("/ a")
        #expect(spaced == "error: line 4, column 32: expected a path segment, found U+20")
        let unclosed = RulesSyntaxTestSupport.printed("/a/$(b")
        #expect(unclosed == "error: line 4, column 37: expected ')' closing '$(', found ';'")
    }
}
