import Testing
@testable import HearthRules

/// Match-path matching (v1 and v2 wildcards) and collecting applicable allow statements.
@Suite struct MatchPatternTests {
    /// Parses a single match path in a file of the given version.
    private func pattern(_ path: String, version: RulesVersion = .v2) throws -> MatchPattern {
        let preamble = version == .v2 ? "rules_version = '2'; " : ""
        let file = try RulesParser.parse(preamble + "service cloud.firestore { match \(path) { } }")
        return try #require(file.matches.first?.pattern)
    }

    /// Splits a slash-separated path into segments.
    private func segments(_ path: String) -> ArraySlice<String> {
        path.split(separator: "/").map(String.init)[...]
    }

    /// `{x}` binds exactly one segment as a string; literals must be equal.
    @Test func singleWildcard() throws {
        let cities = try pattern("/cities/{city}")
        #expect(cities.completeMatch(segments("cities/SF")) == ["city": .segment("SF")])
        #expect(cities.completeMatch(segments("cities")) == nil)
        #expect(cities.completeMatch(segments("cities/SF/landmarks/x")) == nil)
        #expect(cities.completeMatch(segments("towns/SF")) == nil)
        let partial = cities.prefixMatches(segments("cities/SF/landmarks/x"))
        #expect(partial == [PatternMatch(bindings: ["city": .segment("SF")], rest: segments("cities/SF/landmarks/x").dropFirst(2))])
    }

    /// v2: `{x=**}` matches zero or more segments, anywhere, binding a path.
    @Test func recursiveWildcardVersion2() throws {
        let all = try pattern("/cities/{city}/{document=**}")
        #expect(all.completeMatch(segments("cities/SF")) == ["city": .segment("SF"), "document": .path([])])
        #expect(all.completeMatch(segments("cities/SF/landmarks/coit")) == [
            "city": .segment("SF"), "document": .path(["landmarks", "coit"]),
        ])
        let group = try pattern("/{path=**}/posts/{post}")
        #expect(group.completeMatch(segments("posts/p1")) == ["path": .path([]), "post": .segment("p1")])
        #expect(group.completeMatch(segments("forums/f/posts/p1")) == [
            "path": .path(["forums", "f"]), "post": .segment("p1"),
        ])
        #expect(group.completeMatch(segments("forums/f/posts")) == nil)
        #expect(group.prefixMatches(segments("posts/a/posts/b")).count == 2)
    }

    /// v1: `{x=**}` needs at least one segment.
    @Test func recursiveWildcardVersion1() throws {
        let all = try pattern("/cities/{city}/{document=**}", version: .v1)
        #expect(all.completeMatch(segments("cities/SF")) == nil)
        #expect(all.completeMatch(segments("cities/SF/landmarks/coit")) == [
            "city": .segment("SF"), "document": .path(["landmarks", "coit"]),
        ])
        let everything = try pattern("/cities/{document=**}", version: .v1)
        #expect(everything.completeMatch(segments("cities/SF")) == ["document": .path(["SF"])])
    }

    /// `(default)` is a literal segment; composing appends segments.
    @Test func literalsAndComposition() throws {
        let root = try pattern("/databases/(default)/documents")
        #expect(root.completeMatch(segments("databases/(default)/documents")) == [:])
        let composed = root.appending(try pattern("/a/{b}"))
        #expect(composed.description == "/databases/(default)/documents/a/{b}")
        #expect(composed.completeMatch(segments("databases/(default)/documents/a/x")) == ["b": .segment("x")])
    }

    /// Wraps inner rules and collects the applicable allow lines for a document path and method.
    private func lines(
        _ inner: String, version: String? = "2", path: String, method: RulesRequestMethod
    ) throws -> [Int] {
        let file = try RulesParser.parse(RulesSyntaxTestSupport.wrapped(inner, version: version))
        return file.applicableAllows(database: "(default)", documentPath: Array(segments(path)), method: method)
            .map(\.statement.range.start.line)
    }

    /// E15/E16: the same recursive rule in v2 and v1.
    @Test func factSheetRecursiveExamples() throws {
        let rule = "match /cities/{city}/{document=**} { allow read: if true; }"
        #expect(try lines(rule, path: "cities/SF", method: .get) == [4])
        #expect(try lines(rule, path: "cities/SF/landmarks/coit", method: .get) == [4])
        #expect(try lines(rule, path: "countries/FR", method: .get) == [])
        #expect(try lines(rule, version: nil, path: "cities/SF", method: .get) == [])
        #expect(try lines(rule, version: nil, path: "cities/SF/landmarks/coit", method: .list) == [3])
    }

    /// E17/E18: no cascading; overlapping blocks both contribute, in source order.
    @Test func cascadingAndOverlap() throws {
        #expect(try lines("match /cities/{city} { allow read: if true; }", path: "cities/SF/landmarks/coit", method: .get) == [])
        let overlap = "match /cities/{city} { allow read, write: if false; }\nmatch /cities/{document} { allow read, write: if true; }"
        #expect(try lines(overlap, path: "cities/SF", method: .update) == [4, 5])
    }

    /// Methods filter statements: read = get + list, write = create + update + delete.
    @Test func methodFiltering() throws {
        let rules = """
            match /rooms/{roomId} {
              allow read;
              allow create: if true;
              allow update, delete: if true;
              allow write: if true;
              allow get: if true;
            }
            """
        #expect(try lines(rules, path: "rooms/a", method: .get) == [5, 9])
        #expect(try lines(rules, path: "rooms/a", method: .list) == [5])
        #expect(try lines(rules, path: "rooms/a", method: .create) == [6, 8])
        #expect(try lines(rules, path: "rooms/a", method: .delete) == [7, 8])
    }

    /// Nested blocks get their parents' bindings and a scope chain for function lookup.
    @Test func bindingsAndScopes() throws {
        let source = """
            rules_version = '2';
            function top() { return 0; }
            service cloud.firestore {
              function svc() { return 1; }
              match /databases/{database}/documents {
                function docs() { return database; }
                match /stories/{story} {
                  function helper() { return story; }
                  match /comments/{comment} { allow read: if helper() && docs(); }
                }
              }
            }
            """
        let file = try RulesParser.parse(source)
        let found = file.applicableAllows(
            forDocumentPath: ["databases", "db1", "documents", "stories", "s1", "comments", "c1"], method: .get)
        let allow = try #require(found.first)
        #expect(found.count == 1)
        #expect(allow.bindings == [
            "database": .segment("db1"), "story": .segment("s1"), "comment": .segment("c1"),
        ])
        #expect(allow.scopes.count == 5)
        #expect(allow.scopes.map { $0.functions.keys.sorted() } == [[], ["helper"], ["docs"], ["svc"], ["top"]])
        #expect(allow.scopes[2].bindings == ["database": .segment("db1")])
        #expect(allow.scopes[3].bindings.isEmpty)
        // Lexical lookup outwards from a scope (offsets count levels out from where the call is).
        let helper = try #require(FunctionScope.resolve("helper", in: allow.scopes[...]))
        #expect(helper.offset == 1)
        #expect(FunctionScope.resolve("docs", in: allow.scopes[1...])?.offset == 1)
        #expect(FunctionScope.resolve("top", in: allow.scopes[3...])?.offset == 1)
        #expect(FunctionScope.resolve("helper", in: allow.scopes[2...]) == nil)
        #expect(FunctionScope.resolve("missing", in: allow.scopes[...]) == nil)
    }

    /// E24: a collection-group rule also covers top-level documents (zero-segment path).
    @Test func collectionGroup() throws {
        let rules = """
            match /{path=**}/posts/{post} { allow read: if request.auth != null; }
            match /forums/{forumid}/posts/{postid} { allow write: if false; }
            """
        #expect(try lines(rules, path: "posts/p1", method: .get) == [4])
        #expect(try lines(rules, path: "forums/f/posts/p1", method: .list) == [4])
        #expect(try lines(rules, path: "forums/f/posts/p1", method: .update) == [5])
    }

    /// A v2 recursive block with nested blocks descends through every split.
    @Test func nestedUnderRecursive() throws {
        let rules = "match /{rest=**} { allow read; match /x/{y} { allow get; } }"
        #expect(try lines(rules, path: "a/b/x/c", method: .get) == [4, 4])
        let file = try RulesParser.parse(RulesSyntaxTestSupport.wrapped(rules))
        let found = file.applicableAllows(database: "(default)", documentPath: ["a", "b", "x", "c"], method: .get)
        #expect(found.map(\.statement.methods) == [[.read], [.get]])
        #expect(found[1].bindings["rest"] == .path(["a", "b"]))
    }
}
