import Testing

@testable import HearthRules

/// The RE2-syntax regular expression engine.
@Suite struct RuleRegexTests {
    /// Whether `pattern` matches all of `text`; nil when the pattern does not compile.
    private func whole(_ pattern: String, _ text: String) -> Bool? {
        guard let regex = try? RuleRegex(pattern) else { return nil }
        return regex.matchesWhole(text)
    }

    /// `text` with matches of `pattern` replaced by `template`; nil on an error.
    private func replaced(_ text: String, _ pattern: String, _ template: String) -> String? {
        guard let regex = try? RuleRegex(pattern) else { return nil }
        return try? regex.replacingAll(in: text, with: template)
    }

    /// The compile error of `pattern`, if any.
    private func compileError(_ pattern: String) -> RuleError? {
        do {
            _ = try RuleRegex(pattern)
            return nil
        } catch {
            return error
        }
    }

    /// Literals dot and full match.
    @Test func literalsDotAndFullMatch() {
        #expect(whole("abc", "abc") == true)
        #expect(whole("abc", "abcd") == false)
        #expect(whole("a.c", "abc") == true)
        #expect(whole("a.c", "a\nc") == false)
        #expect(whole("(?s)a.c", "a\nc") == true)
        #expect(whole(".", "é") == true)
        #expect(whole("", "") == true)
        #expect(whole("", "a") == false)
    }

    /// Character classes.
    @Test func characterClasses() {
        #expect(whole("[a-z0-9-]+", "hello-world") == true)
        #expect(whole("[a-z0-9-]+", "Hello") == false)
        #expect(whole("[a-z0-9-]+", "a b") == false)
        #expect(whole("[^abc]+", "xyz") == true)
        #expect(whole("[^abc]+", "xaz") == false)
        #expect(whole("[\\d.]+", "3.14") == true)
        #expect(whole("[\\]\\-]+", "]-]") == true)
        #expect(whole("[]a]+", "]a") == true)
        #expect(whole("[[:alpha:]]+", "abcXYZ") == true)
        #expect(whole("[[:^digit:]]", "5") == false)
        #expect(whole("[\\W]", "a") == false)
    }

    /// Shorthand classes.
    @Test func shorthandClasses() {
        #expect(whole("\\d+", "0123") == true)
        #expect(whole("\\D+", "ab") == true)
        #expect(whole("\\w+", "a_1") == true)
        #expect(whole("\\W", "-") == true)
        #expect(whole("a\\sb", "a\tb") == true)
        #expect(whole("\\S+", "a b") == false)
    }

    /// Escaped metacharacters.
    @Test func escapedMetacharacters() {
        #expect(whole(".*\\.txt", "notes.txt") == true)
        #expect(whole(".*\\.txt", "notes_txt") == false)
        #expect(whole("\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$\\\\", "()[]{}*+?|^$\\") == true)
        #expect(whole("\\x41\\x{42}", "AB") == true)
        #expect(whole("a\\nb", "a\nb") == true)
    }

    /// Anchors and boundaries.
    @Test func anchorsAndBoundaries() {
        #expect(replaced("abc", "^", "x") == "xabc")
        #expect(replaced("abc", "$", "x") == "abcx")
        #expect(replaced("a\nb", "(?m)^", ">") == ">a\n>b")
        #expect(replaced("foo bar", "\\bb", "X") == "foo Xar")
        #expect(replaced("abab", "\\Bb", "X") == "aXaX")
        #expect(whole("^abc$", "abc") == true)
        #expect(whole("\\Aabc\\z", "abc") == true)
    }

    /// Groups and alternation.
    @Test func groupsAndAlternation() {
        #expect(whole("(ab)+", "ababab") == true)
        #expect(whole("(?:ab)+c", "ababc") == true)
        #expect(whole("cat|dog", "dog") == true)
        #expect(whole("cat|dog", "cow") == false)
        #expect(whole("a(b|c)*d", "abccbd") == true)
        #expect(replaced("abcd", "(a|ab)(c|bcd)(d*)", "[$1,$2,$3]") == "[a,bcd,]")
        #expect(replaced("xy", "(?P<first>x)(?<second>y)", "$2$1") == "yx")
        #expect(whole("a||b", "") == true)
    }

    /// Case insensitive flag.
    @Test func caseInsensitiveFlag() {
        #expect(whole("(?i)hello", "HeLLo") == true)
        #expect(whole("(?i)[a-c]+", "ABC") == true)
        #expect(whole("(?i:ab)c", "ABc") == true)
        #expect(whole("(?i:ab)c", "ABC") == false)
        #expect(whole("(?i)a(?-i)b", "Ab") == true)
        #expect(whole("(?i)a(?-i)b", "AB") == false)
        #expect(whole("(?i)é", "É") == true)
    }

    /// Quantifiers.
    @Test func quantifiers() {
        #expect(whole("a*", "") == true)
        #expect(whole("a+", "") == false)
        #expect(whole("ab?c", "ac") == true)
        #expect(whole("a{3}", "aaa") == true)
        #expect(whole("a{3}", "aa") == false)
        #expect(whole("a{2,}", "aaaaa") == true)
        #expect(whole("a{2,}", "a") == false)
        #expect(whole("a{1,2}", "aaa") == false)
        #expect(whole("a{0,2}b", "aab") == true)
        #expect(whole("a{,2}", "a{,2}") == true)
        #expect(whole("x{a}", "x{a}") == true)
    }

    /// Lazy quantifiers.
    @Test func lazyQuantifiers() {
        #expect(replaced("aaa", "a+?", "b") == "bbb")
        #expect(replaced("aaa", "a+", "b") == "b")
        #expect(replaced("<a><b>", "<.*?>", "X") == "XX")
        #expect(replaced("<a><b>", "<.*>", "X") == "X")
        #expect(replaced("aaaa", "a{2,3}?", "X") == "XX")
        #expect(replaced("aaa", "a??", "X") == "XaXaXaX")
        #expect(replaced("aaa", "(?U)a+", "b") == "bbb")
    }

    /// Empty matches follow r E2.
    @Test func emptyMatchesFollowRE2() {
        #expect(replaced("abc", "x*", "-") == "-a-b-c-")
        #expect(replaced("abc", "b*", "-") == "-a-c-")
        #expect(replaced("", "x*", "-") == "-")
    }

    /// Unsupported syntax is rejected.
    @Test func unsupportedSyntaxIsRejected() {
        #expect(compileError("(a)\\1")?.kind == .invalidRegex)
        #expect(compileError("(?=a)")?.kind == .invalidRegex)
        #expect(compileError("(?!a)")?.kind == .invalidRegex)
        #expect(compileError("(?<=a)b")?.kind == .invalidRegex)
        #expect(compileError("(?<!a)b")?.kind == .invalidRegex)
        #expect(compileError("\\p{L}")?.kind == .invalidRegex)
    }

    /// Malformed patterns are errors.
    @Test func malformedPatternsAreErrors() {
        #expect(compileError("(") != nil)
        #expect(compileError(")") != nil)
        #expect(compileError("[a-") != nil)
        #expect(compileError("[z-a]") != nil)
        #expect(compileError("*a") != nil)
        #expect(compileError("a**") != nil)
        #expect(compileError("a{1001}") != nil)
        #expect(compileError("a{3,2}") != nil)
        #expect(compileError("a\\") != nil)
        #expect(compileError("\\q") != nil)
        #expect(compileError("(?z)") != nil)
        #expect(compileError("(?i)") == nil)
    }

    /// Oversized patterns are refused.
    @Test func oversizedPatternsAreRefused() {
        #expect(compileError("(a{1000}){1000}")?.message.contains("too large") == true)
        #expect(compileError(String(repeating: "a", count: 5_000)) != nil)
        #expect(compileError("((a{100}){100}){100}") != nil)
    }

    /// Pathological patterns run in linear time.
    @Test func pathologicalPatternsRunInLinearTime() throws {
        let clock = ContinuousClock()
        let text = String(repeating: "a", count: 30)
        let start = clock.now
        #expect(whole("(a*)*b", text) == false)
        #expect(whole("(a|a)*b", text) == false)
        #expect(whole("(a+)+$", text + "!") == false)
        #expect(whole("(x+x+)+y", String(repeating: "x", count: 30)) == false)
        let long = String(repeating: "a", count: 20_000)
        #expect(whole("(a*)*b", long) == false)
        #expect(replaced(long, "(a|aa)*c", "") == long)
        #expect(clock.now - start < .seconds(5))
    }
}
