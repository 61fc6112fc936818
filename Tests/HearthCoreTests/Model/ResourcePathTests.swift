import Testing
@testable import HearthCore

@Suite struct ResourcePathTests {
    @Test func parsesSegments() throws {
        let path = try ResourcePath(validating: "users/alice/posts")
        #expect(path.segments == ["users", "alice", "posts"])
        #expect(path.count == 3)
        #expect(path.isCollectionPath)
        #expect(!path.isDocumentPath)
        #expect(path.canonicalString == "users/alice/posts")
        #expect(path.description == "users/alice/posts")
        #expect(path.lastSegment == "posts")
    }

    @Test(arguments: [
        ("/users/alice", ["users", "alice"]),
        ("users/alice/", ["users", "alice"]),
        ("/users/", ["users"]),
        ("", []),
        ("/", []),
    ])
    func ignoresOneLeadingAndTrailingSlash(input: String, expected: [String]) throws {
        #expect(try ResourcePath(validating: input).segments == expected)
    }

    @Test(arguments: ["a//b", "//", "//a", "a//", "a/b//c/d"])
    func rejectsDoubleSlash(input: String) {
        #expect(
            throws: FirestoreError(
                .invalidArgument, "Invalid segment (\(input)). Paths must not contain // in them.")
        ) { try ResourcePath(validating: input) }
    }

    @Test func numericIDsAreDocumentIDsOnly() throws {
        #expect(try ResourcePath(validating: "users/__id123__/posts/__id-9__").segments == ["users", "__id123__", "posts", "__id-9__"])
        #expect(ResourceID.isValid("__id123__", isDocumentID: true))
        #expect(!ResourceID.isValid("__id123__"))
        #expect(throws: FirestoreError.self) { try ResourcePath(validating: "__id123__/d") }
    }

    @Test(arguments: [
        ("", "Resource id \"\" is invalid because it is empty."),
        ("a/b", "Resource id \"a/b\" is invalid because it contains \"/\"."),
        (".", "Resource id \".\" is invalid because it is \".\" or \"..\"."),
        ("..", "Resource id \"..\" is invalid because it is \".\" or \"..\"."),
        ("__x__", "Resource id \"__x__\" is invalid because it is reserved."),
        ("____", "Resource id \"____\" is invalid because it is reserved."),
        ("__id12x__", "Resource id \"__id12x__\" is invalid because it is reserved."),
    ])
    func rejectsInvalidIDs(id: String, message: String) {
        #expect(throws: FirestoreError(.invalidArgument, message)) { try ResourceID.validate(id, isDocumentID: true) }
        #expect(throws: FirestoreError(.invalidArgument, message)) { try ResourceID.validate(id) }
        #expect(throws: FirestoreError(.invalidArgument, message)) {
            try ResourcePath(validatingSegments: ["users", id])
        }
        #expect(!ResourceID.isValid(id))
    }

    @Test(arguments: ["__", "___", "_x__", "__x_", "...", ".a", "a.", "é", "a b", "\u{1F600}", "x\u{0}y"])
    func acceptsValidIDs(id: String) throws {
        try ResourceID.validate(id)
        #expect(ResourceID.isValid(id))
        #expect(try ResourcePath(validatingSegments: [id]).segments == [id])
    }

    @Test func limitsIDsTo1500Bytes() throws {
        try ResourceID.validate(String(repeating: "a", count: 1_500))
        // 750 two-byte characters are exactly 1,500 bytes; one more ASCII byte is too many.
        try ResourceID.validate(String(repeating: "é", count: 750))
        let error = ModelTestSupport.error { () throws(FirestoreError) in try ResourceID.validate(String(repeating: "é", count: 750) + "a") }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasSuffix("is invalid because it is longer than 1,500 bytes (1,501 bytes).") == true)
        // Long ids are shortened in messages.
        #expect((error?.message.count ?? 0) < 200)
    }

    @Test func parentAndAppending() throws {
        let path = try ResourcePath(validating: "a/b/c")
        #expect(path.parent == ResourcePath(uncheckedSegments: ["a", "b"]))
        #expect(ResourcePath.root.parent == nil)
        #expect(ResourcePath.root.lastSegment == nil)
        #expect(ResourcePath.root.isEmpty)
        #expect(!ResourcePath.root.isDocumentPath)
        #expect(!ResourcePath.root.isCollectionPath)
        #expect(path.appending("d").segments == ["a", "b", "c", "d"])
        #expect(path.appending("d").isDocumentPath)
        #expect(path.appending(try ResourcePath(validating: "d/e")).segments == ["a", "b", "c", "d", "e"])
        #expect(path.droppingFirst().segments == ["b", "c"])
        #expect(path.droppingFirst(5).isEmpty)
    }

    @Test func prefixes() throws {
        let ab = try ResourcePath(validating: "a/b")
        let abc = try ResourcePath(validating: "a/b/c")
        let abcd = try ResourcePath(validating: "a/b/c/d")
        #expect(ab.isPrefix(of: abc))
        #expect(ab.isPrefix(of: ab))
        #expect(ResourcePath.root.isPrefix(of: ab))
        #expect(!abc.isPrefix(of: ab))
        #expect(!(try ResourcePath(validating: "a/x")).isPrefix(of: abc))
        #expect(ab.isImmediateParent(of: abc))
        #expect(!ab.isImmediateParent(of: abcd))
        #expect(!ab.isImmediateParent(of: ab))
        #expect(ResourcePath.root.isImmediateParent(of: try ResourcePath(validating: "a")))
    }

    @Test func ordersSegmentBySegment() throws {
        let ordered = try ["a", "a/b", "a/b/c", "a-", "a-/a", "b", "\u{FFFD}", "\u{1F600}"].map {
            try ResourcePath(validating: $0)
        }
        for i in ordered.indices {
            for j in ordered.indices {
                #expect(ResourcePath.compare(ordered[i], ordered[j]) == (i < j ? -1 : (i == j ? 0 : 1)))
                #expect((ordered[i] < ordered[j]) == (i < j))
            }
        }
    }

    @Test func segmentOrderDiffersFromCanonicalStringOrder() throws {
        // As strings "a-/x" < "a/y" ('-' < '/'), but segment "a" is a prefix of "a-", so a/y comes first.
        let ay = try ResourcePath(validating: "a/y")
        let ax = try ResourcePath(validating: "a-/x")
        #expect(ay < ax)
        #expect(String.compareUTF8(ax.canonicalString, ay.canonicalString) < 0)
    }

    @Test func equalityAndHashingUseBytesNotCanonicalEquivalence() {
        let composed = ResourcePath(uncheckedSegments: ["caf\u{E9}"])
        let decomposed = ResourcePath(uncheckedSegments: ["cafe\u{301}"])
        #expect(composed.segments[0] == decomposed.segments[0])  // Swift's String == says equal…
        #expect(composed != decomposed)  // …Firestore does not.
        #expect(Set([composed, decomposed]).count == 2)
        #expect(ResourcePath.compare(composed, decomposed) != 0)
        #expect(Set([composed, ResourcePath(uncheckedSegments: ["caf\u{E9}"])]).count == 1)
        // Segment boundaries matter: ["ab"] is not ["a", "b"].
        #expect(ResourcePath(uncheckedSegments: ["ab"]) != ResourcePath(uncheckedSegments: ["a", "b"]))
        #expect(Set([ResourcePath(uncheckedSegments: ["ab"]), ResourcePath(uncheckedSegments: ["a", "b"])]).count == 2)
    }
}
