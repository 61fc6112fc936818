import Testing
@testable import HearthCore

@Suite struct DocumentKeyTests {
    @Test func accessors() throws {
        let key = try DocumentKey(validating: "users/alice/posts/p1")
        #expect(key.documentID == "p1")
        #expect(key.collectionID == "posts")
        #expect(key.collectionPath == ResourcePath(uncheckedSegments: ["users", "alice", "posts"]))
        #expect(key.parentDocument == (try DocumentKey(validating: "users/alice")))
        #expect(key.depth == 2)
        #expect(key.description == "users/alice/posts/p1")
        let top = try DocumentKey(validating: "users/alice")
        #expect(top.parentDocument == nil)
        #expect(top.depth == 1)
        #expect(top.collectionPath == ResourcePath(uncheckedSegments: ["users"]))
        #expect(try top.child(collectionID: "posts", documentID: "p1") == key)
    }

    @Test(arguments: [("users", 1), ("users/alice/posts", 3), ("a/b/c/d/e", 5)])
    func rejectsOddPaths(path: String, count: Int) {
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid document reference. Document references must have an even number of segments, but "
                    + "\(path) has \(count).")
        ) { try DocumentKey(validating: path) }
    }

    @Test func rejectsEmptyPath() {
        #expect(
            throws: FirestoreError(.invalidArgument, "Invalid document reference. Document references must not be empty.")
        ) { try DocumentKey(path: .root) }
    }

    @Test func revalidatesUncheckedSegments() {
        let path = ResourcePath.root.appending("users").appending("a/b")
        #expect(
            throws: FirestoreError(.invalidArgument, "Resource id \"a/b\" is invalid because it contains \"/\".")
        ) { try DocumentKey(path: path) }
        #expect(throws: FirestoreError.self) { try DocumentKey(path: ResourcePath.root.appending("c").appending("__d__")) }
    }

    @Test func limitsDepthTo100CollectionLevels() throws {
        let deepest = ResourcePath(uncheckedSegments: Array(repeating: "x", count: 200))
        #expect(try DocumentKey(path: deepest).depth == 100)
        let tooDeep = deepest.appending("x").appending("x")
        let error = ModelTestSupport.error { () throws(FirestoreError) in _ = try DocumentKey(path: tooDeep) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasSuffix("is nested 101 collections deep, but the maximum is 100.") == true)
    }

    @Test func limitsNameSizeTo6KiB() throws {
        // Six segments: 4 × 1,500 + 2 × 61 bytes = 6,122; plus one per segment and 16 = 6,144.
        let long = String(repeating: "a", count: 1_500)
        let short = String(repeating: "b", count: 61)
        let largest = ResourcePath(uncheckedSegments: [long, long, long, long, short, short])
        #expect(DocumentSize.name(path: largest) == 6_144)
        #expect(try DocumentKey(path: largest).path == largest)
        let tooLarge = ResourcePath(uncheckedSegments: [long, long, long, long, short, short + "b"])
        let error = ModelTestSupport.error { () throws(FirestoreError) in _ = try DocumentKey(path: tooLarge) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasSuffix("has a size of 6,145 bytes, but the maximum is 6,144 bytes.") == true)
    }

    @Test func parsesResourceNames() throws {
        let (database, key) = try DocumentKey.parse(resourceName: "projects/demo-app/databases/(default)/documents/a/b/c/d")
        #expect(database == (try DatabaseID(project: "demo-app")))
        #expect(key == (try DocumentKey(validating: "a/b/c/d")))
        #expect(key.resourceName(in: database) == "projects/demo-app/databases/(default)/documents/a/b/c/d")

        let (named, other) = try DocumentKey.parse(resourceName: "projects/p/databases/my-db/documents/x/y")
        #expect(named.database == "my-db")
        #expect(other.path.segments == ["x", "y"])
    }

    @Test(arguments: [
        "",
        "projects/p/databases/(default)",
        "projects/p/databases/(default)/docs/a/b",
        "project/p/databases/(default)/documents/a/b",
        "projects/p/database/(default)/documents/a/b",
        "/projects/p/databases/(default)/documents/a/b",
    ])
    func rejectsMalformedResourceNames(name: String) {
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid resource name \"\(name)\". Document names must have the form "
                    + "projects/{project_id}/databases/{database_id}/documents/{document_path}.")
        ) { try DocumentKey.parse(resourceName: name) }
    }

    @Test(arguments: [
        "projects/p/databases/(default)/documents",
        "projects/p/databases/(default)/documents/a",
        "projects/p/databases/(default)/documents/a/b/",
        "projects/p/databases/(default)/documents/a//b",
        "projects/p/databases/(default)/documents/a/__b__",
        "projects/p/databases/BAD/documents/a/b",
        "projects//databases/(default)/documents/a/b",
    ])
    func rejectsInvalidParts(name: String) {
        let error = ModelTestSupport.error { () throws(FirestoreError) in _ = try DocumentKey.parse(resourceName: name) }
        #expect(error?.code == .invalidArgument)
    }

    @Test func ordersByPath() throws {
        let keys = try ["a/b", "a/b/c/d", "a/c", "a-/a", "b/a"].map { try DocumentKey(validating: $0) }
        #expect(keys.sorted() == keys)
        #expect(keys.shuffled().sorted() == keys)
    }
}
