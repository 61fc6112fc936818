import Testing
@testable import HearthCore

@Suite struct FieldPathTests {
    @Test(arguments: [
        (["a"], "a"),
        (["a", "b", "c"], "a.b.c"),
        (["_0", "1", "+2"], "_0.`1`.`+2`"),
        (["x&y"], "`x&y`"),
        (["foo", "x.y"], "foo.`x.y`"),
        (["bak`tik"], "`bak\\`tik`"),
        (["back\\slash"], "`back\\\\slash`"),
        (["a b"], "`a b`"),
        (["é"], "`é`"),
        (["A1_b"], "A1_b"),
        (["__name__"], "__name__"),
    ])
    func canonicalString(segments: [String], expected: String) throws {
        let path = try FieldPath(validatingSegments: segments)
        #expect(path.canonicalString == expected)
        #expect(path.description == expected)
        #expect(try FieldPath(serverFormat: expected).segments == segments)
    }

    @Test(arguments: [
        ("`a`", ["a"]),
        ("`a`.`b`", ["a", "b"]),
        ("a.`b`.c", ["a", "b", "c"]),
        ("`\\\\`", ["\\"]),
        ("`\\``", ["`"]),
        ("`a.b`", ["a.b"]),
        ("`😀`.x", ["😀", "x"]),
    ])
    func parsesQuotedSegments(input: String, expected: [String]) throws {
        #expect(try FieldPath(serverFormat: input).segments == expected)
    }

    @Test func quotedAndUnquotedNameTheSameField() throws {
        #expect(try FieldPath(serverFormat: "`a`.b") == FieldPath(serverFormat: "a.`b`"))
    }

    @Test(arguments: [
        ("", "Invalid field path (). Paths must not be empty."),
        ("a..b", "Invalid field path (a..b). Paths must not be empty, begin with '.', end with '.', or contain '..'."),
        (".a", "Invalid field path (.a). Paths must not be empty, begin with '.', end with '.', or contain '..'."),
        ("a.", "Invalid field path (a.). Paths must not be empty, begin with '.', end with '.', or contain '..'."),
        ("`a", "Invalid field path (`a). A segment opened with a backtick is not closed."),
        ("`a\\", "Invalid field path (`a\\). A segment opened with a backtick is not closed."),
        ("`a\\n`", "Invalid field path (`a\\n`). Only \\` and \\\\ may be escaped inside backticks, but found \\n."),
        ("``", "Invalid field path (``). Quoted segments must not be empty."),
        (
            "a-b",
            "Invalid field path (a-b). Unexpected character '-' at byte 1; segments that are not simple "
                + "identifiers ([A-Za-z_][A-Za-z0-9_]*) must be quoted with backticks."
        ),
        (
            "1a",
            "Invalid field path (1a). Unexpected character '1' at byte 0; segments that are not simple "
                + "identifiers ([A-Za-z_][A-Za-z0-9_]*) must be quoted with backticks."
        ),
        (
            "`a`b",
            "Invalid field path (`a`b). Unexpected character 'b' at byte 3; segments that are not simple "
                + "identifiers ([A-Za-z_][A-Za-z0-9_]*) must be quoted with backticks."
        ),
        (
            "a.é",
            "Invalid field path (a.é). Unexpected character 'é' at byte 2; segments that are not simple "
                + "identifiers ([A-Za-z_][A-Za-z0-9_]*) must be quoted with backticks."
        ),
    ])
    func rejectsMalformedServerFormat(input: String, message: String) {
        #expect(throws: FirestoreError(.invalidArgument, message)) { try FieldPath(serverFormat: input) }
    }

    @Test func parsesDottedStrings() throws {
        #expect(try FieldPath(dotted: "a.b.c").segments == ["a", "b", "c"])
        #expect(try FieldPath(dotted: "a-b.`c` d").segments == ["a-b", "`c` d"])
        #expect(try FieldPath(dotted: "é").segments == ["é"])
    }

    @Test(arguments: ["", ".", "a..b", ".a", "a.", ".."])
    func rejectsEmptyDottedSegments(input: String) {
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid field path (\(input)). Paths must not be empty, begin with '.', end with '.', or contain '..'")
        ) { try FieldPath(dotted: input) }
    }

    @Test(arguments: ["a~b", "*", "a/b", "a[0]", "]", "a..~"])
    func rejectsReservedDottedCharacters(input: String) {
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid field path (\(input)). Paths must not contain '~', '*', '/', '[', or ']'")
        ) { try FieldPath(dotted: input) }
    }

    @Test func validatesSegments() throws {
        #expect(throws: FirestoreError(.invalidArgument, "Invalid field path. Provided names must not be empty.")) {
            try FieldPath(validatingSegments: [])
        }
        #expect(
            throws: FirestoreError(.invalidArgument, "Invalid field name at index 1. Field names must not be empty.")
        ) { try FieldPath(validatingSegments: ["a", "", "b"]) }
    }

    @Test func limitsCanonicalLengthTo1500Bytes() throws {
        _ = try FieldPath(validatingSegments: [String(repeating: "a", count: 1_500)])
        _ = try FieldPath(validatingSegments: [String(repeating: "a", count: 749), String(repeating: "b", count: 750)])
        // 1,498 dashes need quoting: 1,500 bytes with the backticks is fine, 1,499 dashes are not.
        _ = try FieldPath(validatingSegments: [String(repeating: "-", count: 1_498)])
        let error = ModelTestSupport.error { () throws(FirestoreError) in _ = try FieldPath(validatingSegments: [String(repeating: "-", count: 1_499)]) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasSuffix("Field paths must not be longer than 1,500 bytes, but this one has 1,501.") == true)
        #expect(throws: FirestoreError.self) { try FieldPath(serverFormat: String(repeating: "a", count: 1_501)) }
        #expect(throws: FirestoreError.self) { try FieldPath(dotted: String(repeating: "a.", count: 750) + "a") }
    }

    @Test func accessors() throws {
        let path = try FieldPath(serverFormat: "a.b.c")
        #expect(path.count == 3)
        #expect(path.firstSegment == "a")
        #expect(path.lastSegment == "c")
        #expect(path.parent == (try FieldPath(serverFormat: "a.b")))
        #expect(FieldPath(uncheckedSegments: ["a"]).parent == nil)
        #expect(path.appending("d x").canonicalString == "a.b.c.`d x`")
        #expect(!path.isDocumentID)
        #expect(FieldPath.documentID.isDocumentID)
        #expect(try FieldPath(serverFormat: "__name__").isDocumentID)
        #expect(try FieldPath(serverFormat: "`__name__`").isDocumentID)
        #expect(!(try FieldPath(serverFormat: "a.__name__")).isDocumentID)
    }

    @Test func prefixes() throws {
        let ab = try FieldPath(serverFormat: "a.b")
        let abc = try FieldPath(serverFormat: "a.b.c")
        #expect(ab.isPrefix(of: abc))
        #expect(ab.isPrefix(of: ab))
        #expect(!abc.isPrefix(of: ab))
        #expect(!(try FieldPath(serverFormat: "a.bc")).isPrefix(of: abc))
        #expect(!ab.isPrefix(of: try FieldPath(serverFormat: "a.`b.c`")))
    }

    @Test func ordersSegmentBySegment() throws {
        let ordered = try ["a", "a.b", "a.b.c", "a.c", "`a-`", "`a-`.a", "b", "`\u{FFFD}`", "`\u{1F600}`"].map {
            try FieldPath(serverFormat: $0)
        }
        for i in ordered.indices {
            for j in ordered.indices {
                #expect(FieldPath.compare(ordered[i], ordered[j]) == (i < j ? -1 : (i == j ? 0 : 1)))
                #expect((ordered[i] < ordered[j]) == (i < j))
            }
        }
    }

    @Test func equalityUsesBytes() {
        let composed = FieldPath(uncheckedSegments: ["caf\u{E9}"])
        let decomposed = FieldPath(uncheckedSegments: ["cafe\u{301}"])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5])
    func canonicalStringRoundTrips(seed: UInt64) throws {
        var random = ModelTestRandom(seed: seed)
        let alphabet: [String] = ["a", "Z", "_", "0", "9", "`", "\\", ".", " ", "é", "\u{301}", "😀", "-", "\u{FFFD}",
                                  "\"", "'", "\n", "\u{0}"]
        for _ in 0..<200 {
            let segmentCount = Int.random(in: 1...5, using: &random)
            var segments: [String] = []
            for _ in 0..<segmentCount {
                let length = Int.random(in: 1...8, using: &random)
                var segment = ""
                for _ in 0..<length { segment += alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
                segments.append(segment)
            }
            let path = try FieldPath(validatingSegments: segments)
            let parsed = try FieldPath(serverFormat: path.canonicalString)
            #expect(parsed == path, "round trip of \(path.canonicalString)")
            #expect(UTF8KeyOrder.equalSegments(parsed.segments, segments))
        }
    }
}
