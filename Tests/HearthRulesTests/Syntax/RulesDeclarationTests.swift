import Testing
@testable import HearthRules

/// File structure, functions, allow statements, limits and node ids.
@Suite struct RulesDeclarationTests {
    /// A file using every declaration form.
    static let fullFile = """
        rules_version = "2";
        // file-level helper
        function isSignedIn() { return request.auth != null; }
        service cloud.firestore {
          function isOwner(uid) {
            let signedIn = isSignedIn();
            let same = request.auth.uid == uid;
            return signedIn && same;
          }
          match /databases/{database}/documents {
            match /users/{userId} {
              allow read, write: if isOwner(userId);
              allow get
              allow list: if false
              function local() { return true }
              match /notes/{noteId} { allow create: if local(); }
            }
            /* a block
               comment */
            match /{path=**}/posts/{post} { allow read; }
          }
        }
        """

    /// The tree has the expected shape.
    @Test func structure() throws {
        let file = try RulesParser.parse(Self.fullFile)
        #expect(file.version == .v2)
        #expect(file.serviceName == "cloud.firestore")
        #expect(file.functions.map(\.name) == ["isSignedIn"])
        #expect(file.serviceFunctions.map(\.name) == ["isOwner"])
        let owner = try #require(file.serviceFunctions.first)
        #expect(owner.parameters == ["uid"])
        #expect(owner.bindings.map(\.name) == ["signedIn", "same"])
        #expect(owner.body.parenthesized == "(signedIn && same)")
        #expect(owner.range.start == SourcePosition(line: 5, column: 3))
        #expect(owner.range.end == SourcePosition(line: 9, column: 4))
        let root = try #require(file.matches.first)
        #expect(root.pattern.description == "/databases/{database}/documents")
        #expect(root.matches.count == 2)
        let users = root.matches[0]
        #expect(users.pattern.segments == [.literal("users"), .wildcard("userId")])
        #expect(users.allows.map(\.methods) == [[.read, .write], [.get], [.list]])
        #expect(users.allows.map(\.range.start.line) == [12, 13, 14])
        #expect(users.allows[1].condition == nil)
        #expect(users.allows[2].condition?.parenthesized == "false")
        #expect(users.functions.map(\.name) == ["local"])
        #expect(users.matches.first?.allows.first?.methods == [.create])
        let posts = root.matches[1]
        #expect(posts.pattern.segments == [.recursiveWildcard("path"), .literal("posts"), .wildcard("post")])
        #expect(posts.range.start == SourcePosition(line: 20, column: 5))
    }

    /// Ids run 0..<count, unique, in source order.
    @Test func expressionIds() throws {
        let file = try RulesParser.parse(Self.fullFile)
        let all = RulesSyntaxTestSupport.allExpressions(in: file)
        #expect(all.map(\.id) == Array(0..<file.expressionCount))
        let starts = all.map(\.range.start)
        #expect(starts == starts.sorted())
    }

    /// Version 1 is the default; double-quoted versions work.
    @Test func versions() throws {
        #expect(try RulesParser.parse("service cloud.firestore {}").version == .v1)
        #expect(try RulesParser.parse("rules_version = '1'; service cloud.firestore {}").version == .v1)
        #expect(try RulesParser.parse("/* c */ rules_version = \"2\"; service cloud.firestore {}").version == .v2)
    }

    /// Functions calling each other without cycles, and shadowing across scopes, are fine.
    @Test func nonRecursiveCallsAreAccepted() throws {
        let source = """
            function f() { return g(); }
            function g() { return 1; }
            service cloud.firestore {
              function f() { return g() + unknownFn(); }
              match /a/{b} {
                function g() { return f(); }
                allow read: if g() == f();
              }
            }
            """
        let file = try RulesParser.parse(source)
        #expect(file.functions.count == 2)
    }

    /// Shadowing that resolves to an outer function of the same name is recursion-free.
    @Test func shadowedNameCallsOuterFunction() throws {
        let source = """
            function f() { return 1; }
            service cloud.firestore {
              match /a/{b} {
                function f() { return 2; }
                match /c/{d} { function g() { return f(); } allow read: if g() == 2; }
              }
            }
            """
        #expect(RulesSyntaxTestSupport.parseError(source) == nil)
    }

    /// Seven parameters and ten lets are allowed; one more is not.
    @Test func functionLimits() {
        let seven = "function f(a, b, c, d, e, g, h) { return a; } service cloud.firestore {}"
        #expect(RulesSyntaxTestSupport.parseError(seven) == nil)
        let lets = (1...10).map { "let v\($0) = \($0);" }.joined(separator: " ")
        let ten = "rules_version = '2'; function f() { \(lets) return v10; } service cloud.firestore {}"
        #expect(RulesSyntaxTestSupport.parseError(ten) == nil)
        let eleven = "rules_version = '2'; function f() { \(lets) let v11 = 1; return v11; } service cloud.firestore {}"
        #expect(RulesSyntaxTestSupport.parseError(eleven)?.message == "expected at most 10 let bindings, found more")
    }

    /// Ten nested match blocks are allowed; eleven are not.
    @Test func matchDepthLimit() {
        /// A file with `depth` nested match blocks.
        func nested(_ depth: Int) -> String {
            var source = "service cloud.firestore {"
            for level in 0..<depth { source += " match /s\(level) {" }
            source += " allow read;" + String(repeating: " }", count: depth) + " }"
            return source
        }
        #expect(RulesSyntaxTestSupport.parseError(nested(10)) == nil)
        let error = RulesSyntaxTestSupport.parseError(nested(11))
        #expect(error?.message == "expected at most 10 nested match blocks, found a deeper one")
        #expect(error?.column == 147)
    }

    /// Path segments and wildcards are limited across nested matches.
    @Test func pathLimits() {
        let segments = (0..<60).map { "/s\($0)" }.joined()
        let long = "service cloud.firestore { match \(segments) { match \(segments) { } } }"
        #expect(RulesSyntaxTestSupport.parseError(long)?.message
            == "expected at most 100 path segments across nested matches, found 120")
        let wildcards = (0..<11).map { "/{w\($0)}" }.joined()
        let wildcardsB = (0..<11).map { "/{v\($0)}" }.joined()
        let captures = "service cloud.firestore { match \(wildcards) { match \(wildcardsB) { } } }"
        #expect(RulesSyntaxTestSupport.parseError(captures)?.message
            == "expected at most 20 wildcards across nested matches, found 22")
    }

    /// Sources over 256 KiB are rejected before parsing.
    @Test func sourceSizeLimit() {
        let big = "service cloud.firestore {}" + String(repeating: " ", count: 256 * 1024)
        #expect(RulesSyntaxTestSupport.parseError(big)?.message.hasPrefix("expected at most 262144 bytes") == true)
    }

    /// Deep nesting fails cleanly (200 bracket levels, 500 tree levels) instead of exhausting the stack.
    @Test func expressionDepthLimit() {
        let ok = String(repeating: "(", count: 199) + "1" + String(repeating: ")", count: 199)
        #expect(RulesSyntaxTestSupport.printed(ok) == "1")
        let nesting = "expected expressions nested at most 200 deep, found deeper nesting"
        let height = "expected an expression tree at most 500 deep, found a deeper one"
        let parens = String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        #expect(RulesSyntaxTestSupport.printed(parens) == "error: line 4, column 231: " + nesting)
        let lists = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(RulesSyntaxTestSupport.printed(lists).hasSuffix(nesting))
        let calls = String(repeating: "f(", count: 5_000) + String(repeating: ")", count: 5_000)
        #expect(RulesSyntaxTestSupport.printed(calls).hasSuffix(nesting))
        let ternary = Array(repeating: "a ? b :", count: 2_000).joined(separator: " ") + " c"
        #expect(RulesSyntaxTestSupport.printed(ternary).hasSuffix(nesting))
        let bangs = String(repeating: "!", count: 20_000) + "a"
        #expect(RulesSyntaxTestSupport.printed(bangs).contains("unary operators in a row"))
        let sum = Array(repeating: "a", count: 2_000).joined(separator: " + ")
        #expect(RulesSyntaxTestSupport.printed(sum).hasSuffix(height))
        let okSum = Array(repeating: "a", count: 400).joined(separator: " || ")
        #expect(RulesSyntaxTestSupport.printed(okSum).hasPrefix("(((("))
        let members = "a" + String(repeating: ".b", count: 2_000)
        #expect(RulesSyntaxTestSupport.printed(members).hasSuffix(height))
    }

    /// Allow statement method coverage follows §1.3.
    @Test func methodCoverage() {
        #expect(AllowMethod.read.requestMethods == [.get, .list])
        #expect(AllowMethod.write.requestMethods == [.create, .update, .delete])
        for method in AllowMethod.allCases where method != .read && method != .write {
            #expect(method.requestMethods.map(\.rawValue) == [method.rawValue])
        }
    }
}
