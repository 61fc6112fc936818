import Testing

@testable import HearthRules

/// `rules.String` methods.
@Suite struct LibraryStringTests {
    /// Size counts code points.
    @Test func sizeCountsCodePoints() {
        #expect(yields(3) { try callMethod("size", "abc") })
        #expect(yields(1) { try callMethod("size", "é") })
        #expect(yields(0) { try callMethod("size", "") })
        #expect(
            errorOf { try callMethod("size", "abc", 1) }?.message
                == "Incorrect number of arguments. Received: 1. Expected: string.size().")
    }

    /// Lower upper trim.
    @Test func lowerUpperTrim() {
        #expect(yields("abc") { try callMethod("lower", "AbC") })
        #expect(yields("ÉTÉ") { try callMethod("upper", "été") })
        #expect(yields("a b") { try callMethod("trim", "  a b\t\n") })
        #expect(yields("") { try callMethod("trim", "   ") })
        #expect(errorOf { try callMethod("trim", "a", "b") }?.kind == .argumentCount)
    }

    /// To utf8.
    @Test func toUtf8() {
        #expect(yields(.bytes([0xC3, 0xA9])) { try callMethod("toUtf8", "é") })
        #expect(yields(2) { try callMethod("size", callMethod("toUtf8", "é")) })
    }

    /// Matches is a full match.
    @Test func matchesIsAFullMatch() {
        #expect(yields(false) { try callMethod("matches", "hello world", "world") })
        #expect(yields(true) { try callMethod("matches", "hello world", ".*world") })
        #expect(yields(true) { try callMethod("matches", "alice@acme.com", ".*@acme[.]com") })
        #expect(yields(false) { try callMethod("matches", "alice@acme.com.evil.org", ".*@acme[.]com") })
        #expect(
            errorOf { try callMethod("matches", "a", 1) }?.message
                == "Unsupported operation error. Received: string.matches(int). Expected: string.matches(string).")
        #expect(errorOf { try callMethod("matches", "a", nil) } == .nullValue)
        #expect(errorOf { try callMethod("matches", "a", "(") }?.kind == .invalidRegex)
    }

    /// Replace every match.
    @Test func replaceEveryMatch() {
        #expect(yields("bonono") { try callMethod("replace", "banana", "a", "o") })
        #expect(yields("beena") { try callMethod("replace", "banana", "ana", "ee") })
        #expect(yields("------------") { try callMethod("replace", "foo@test.com", ".", "-") })
        #expect(yields("smith john") { try callMethod("replace", "john smith", "(\\w+) (\\w+)", "$2 $1") })
        #expect(yields("$5") { try callMethod("replace", "a", "a", "\\$5") })
        #expect(errorOf { try callMethod("replace", "a", "a") }?.kind == .argumentCount)
        #expect(errorOf { try callMethod("replace", "a", "a", "$3") }?.kind == .invalidArgument)
    }

    /// Split on a regex.
    @Test func splitOnARegex() {
        #expect(yields(["a", "b", "c"]) { try callMethod("split", "a/b/c", "/") })
        #expect(yields(["", "a", ""]) { try callMethod("split", "/a/", "/") })
        #expect(yields(["a", "b", "c"]) { try callMethod("split", "a1b22c", "\\d+") })
        #expect(yields(["a", "b", "c"]) { try callMethod("split", "abc", "") })
        #expect(yields([""]) { try callMethod("split", "", "/") })
        #expect(errorOf { try callMethod("split", "abc", true) }?.kind == .unsupportedOperation)
    }

    /// Unknown string methods are not found.
    @Test func unknownStringMethodsAreNotFound() {
        #expect(errorOf { try callMethod("concat", "a", "b") }?.message == "Function not found error: Name: [concat].")
        #expect(errorOf { try callMethod("startsWith", "a", "b") }?.kind == .functionNotFound)
        #expect(errorOf { try callMethod("size", nil) } == .nullValue)
    }
}
