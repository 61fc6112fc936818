import HearthCore
@testable import HearthRules
import Testing

/// Evaluation semantics beyond the worked examples: errors, short-circuiting, lazy arguments,
/// function scoping, names, and statement isolation.
@Suite struct EvaluationSemanticsTests {
    typealias F = EvaluationFixture

    /// Judges a `get` of `t/x` against one condition (plus optional extra declarations).
    private func get(_ condition: String, functions: String = "", auth: AccessContext = .unauthenticated)
        throws -> AccessDecision
    {
        let rules = try F.rules("\(functions)\nmatch /t/{id} { allow get: if \(condition); }")
        return rules.authorize(F.request(.get, "t/x", auth: auth), lookup: FakeDocumentLookup())
    }

    /// Conditions and whether they grant.
    static let conditions: [(String, Bool)] = [
        ("true", true), ("false", false), ("1 / 0 == 0", false), ("!(1 / 0 == 0)", false),
        ("1 / 0 == 0 || true", true), ("true || 1 / 0 == 0", true), ("false && 1 / 0 == 0", false),
        ("1 / 0 == 0 && false", false), ("1 / 0 == 0 && true", false), ("1", false), ("'true'", false),
        ("id == 'x'", true), ("database == '(default)'", true), ("request.path[4] == 'x'", true),
        ("request.method == 'get'", true), ("request.query.limit > 0", false), ("request.resource == null", false),
        ("true ? true : 1 / 0 == 0", true), ("false ? 1 / 0 == 0 : true", true), ("(1 / 0 == 0) ? true : true", false),
        ("math.abs(-2) == 2", true), ("undefinedName == 1", false), ("true || undefinedFn()", true),
        ("string(request.path) == '/databases/(default)/documents/t/x'", true),
        ("debug(1) == 1", true), ("[1, 2][1] == 2 && {'a': 1}.a == 1", true),
        ("/databases/$(database)/documents/t/$(id) == request.path", true),
    ]

    /// Each condition grants or not as the fact sheet's error rules say.
    @Test(arguments: conditions)
    func conditionOutcome(_ condition: String, _ grants: Bool) throws {
        #expect(try get(condition).isAllowed == grants, "\(condition)")
    }

    /// A wildcard or parameter named `request`/`resource` shadows the request-wide object.
    @Test func namesShadowRequestAndResource() throws {
        let rules = try F.rules("""
            function named(request) { return request == 'x'; }
            match /t/{request} { allow get: if request == 'x' && named('x'); }
            match /u/{resource} { allow get: if resource == 'y'; }
            """)
        #expect(rules.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()).isAllowed)
        #expect(!rules.authorize(F.request(.get, "t/z"), lookup: FakeDocumentLookup()).isAllowed)
        #expect(rules.authorize(F.request(.get, "u/y"), lookup: FakeDocumentLookup()).isAllowed)
    }

    /// Members of a shadowed `request`/`resource` are read from the local or wildcard, and members
    /// of the real objects from the request (both compiled ahead of time, so both are checked).
    @Test func membersOfShadowedAndRealRootObjects() throws {
        let rules = try F.rules("""
            function viaParameter(request) { return request.auth == 'p'; }
            match /p/{id} { allow get: if viaParameter({'auth': 'p'}); }
            match /w/{request} { allow get: if request.auth == null; }
            match /r/{id} { allow get: if request.auth == null && resource.data.n == 1 && resource.id == id; }
            match /m/{id} { allow get: if resource.data.n == 1; }
            """)
        let lookup = FakeDocumentLookup()
        #expect(rules.authorize(F.request(.get, "p/x"), lookup: lookup).isAllowed)
        // The wildcard `request` is the string "x": `.auth` on a string is an error, so no grant.
        #expect(!rules.authorize(F.request(.get, "w/x"), lookup: lookup).isAllowed)
        #expect(rules.authorize(F.request(.get, "r/x", stored: ["n": .integer(1)]), lookup: lookup).isAllowed)
        #expect(!rules.authorize(F.request(.get, "r/x", stored: ["n": .integer(2)]), lookup: lookup).isAllowed)
        let missing = rules.authorize(F.request(.get, "m/x"), lookup: lookup)
        #expect(missing.denialDetail == "\nNull value error. for 'get' @ L8")
    }

    /// An unknown function is a run-time error with Firebase's text, not a load error.
    @Test func unknownFunctionIsRuntimeError() throws {
        let decision = try get("isSignedIn()")
        #expect(decision.denialDetail == "\nFunction not found error: Name: [isSignedIn]. for 'get' @ L5")
    }

    /// A non-boolean condition never grants and says so.
    @Test func nonBooleanConditionDenies() throws {
        let decision = try get("'yes'")
        let message = "Unsupported operation error. Received: string. Expected: bool."
        #expect(decision.denialDetail == "\n\(message) for 'get' @ L5")
    }

    /// Arguments and `let`s are evaluated by need: an unused failing argument does not matter.
    @Test func argumentsAndLetsAreLazy() throws {
        let functions = """
            function ignoresArg(a) { return true; }
            function usesArg(a) { return a == 1; }
            function withLets(a) { let broken = 1 / 0; let twice = a * 2; return twice == 4; }
            function letsInOrder(a) { let b = a + 1; let c = b + 1; return c == 3; }
            """
        #expect(try get("ignoresArg(1 / 0)", functions: functions).isAllowed)
        let used = try get("usesArg(1 / 0)", functions: functions)
        #expect(used.denialDetail == "\nDivide by zero error. for 'get' @ L8")
        #expect(try get("withLets(2)", functions: functions).isAllowed)
        #expect(try get("letsInOrder(1)", functions: functions).isAllowed)
    }

    /// A memoised argument is evaluated once, so a get() in it is read once.
    @Test func argumentsAreMemoised() throws {
        let rules = try F.rules("""
            function twice(d) { return d.data.n == 1 && d.data.n == 1; }
            match /t/{id} { allow get: if twice(get(/databases/$(database)/documents/other/doc)); }
            """)
        let lookup = FakeDocumentLookup(["other/doc": ["n": 1]])
        #expect(rules.authorize(F.request(.get, "t/x"), lookup: lookup) == .allow)
        #expect(lookup.reads == ["get other/doc"])
    }

    /// Function lookup is lexical: an inner declaration shadows an outer one, and a function
    /// sees the wildcards of the block that declares it.
    @Test func functionsResolveLexically() throws {
        let rules = try F.rules("""
            function who() { return 'file'; }
            match /a/{aid} {
              function who() { return 'a:' + aid; }
              match /b/{bid} {
                allow get: if who() == 'a:' + aid && outer() == 'file';
              }
            }
            function outer() { return who(); }
            """)
        #expect(rules.authorize(F.request(.get, "a/1/b/2"), lookup: FakeDocumentLookup()) == .allow)
    }

    /// A function declared outside the documents block cannot see `database`.
    @Test func serviceFunctionsDoNotSeeWildcards() throws {
        let rules = try SecurityRules(source: """
            rules_version = '2';
            service cloud.firestore {
              function db() { return database; }
              match /databases/{database}/documents {
                match /t/{id} { allow get: if db() == '(default)'; }
              }
            }
            """)
        let decision = rules.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nProperty database is undefined on object. for 'get' @ L5")
    }

    /// A parameter named like a namespace shadows it.
    @Test func parametersShadowNamespaces() throws {
        let functions = "function f(math) { return math.abs == 3; }"
        #expect(try get("f({'abs': 3})", functions: functions).isAllowed)
    }

    /// A wrong argument count is an error.
    @Test func wrongArgumentCountIsError() throws {
        let decision = try get("f(1, 2)", functions: "function f(a) { return true; }")
        #expect(decision.denialDetail == "\nIncorrect number of arguments. Received: 2. Expected: f(a). for 'get' @ L5")
    }

    /// An erroring statement does not stop a later one from granting; all evaluated ones are reported.
    @Test func statementsAreIsolated() throws {
        let rules = try F.rules("""
            match /t/{id} {
              allow get: if 1 / 0 == 0;
              allow read: if false;
            }
            match /t/{other} { allow get: if true; }
            """)
        #expect(rules.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()) == .allow)
        let denied = try F.rules("""
            match /t/{id} {
              allow get: if 1 / 0 == 0;
              allow read: if false;
            }
            match /t/{other} { allow write: if true; }
            """)
        let decision = denied.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nDivide by zero error. for 'get' @ L5, false for 'get' @ L6")
    }

    /// Admin requests bypass the rules entirely.
    @Test func adminBypassesRules() throws {
        let rules = try F.rules("match /t/{id} { allow read: if false; }")
        #expect(rules.authorize(F.request(.get, "t/x", auth: .admin), lookup: FakeDocumentLookup()) == .allow)
        #expect(DenyAllPolicy().authorize(F.request(.get, "t/x", auth: .admin), lookup: FakeDocumentLookup()) == .allow)
        #expect(!DenyAllPolicy().authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()).isAllowed)
        #expect(AllowAllPolicy().authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()) == .allow)
    }

    /// `request.resource` is absent on reads, the document on writes, null on deletes.
    @Test func incomingDependsOnMethod() throws {
        let rules = try F.rules("""
            match /t/{id} {
              allow get: if request.resource == null;
              allow create: if request.resource.data.n == 1 && request.resource.id == id;
              allow delete: if request.resource == null && resource.data.n == 2 && resource.id == 'x';
            }
            """)
        let lookup = FakeDocumentLookup()
        let get = rules.authorize(F.request(.get, "t/x"), lookup: lookup)
        #expect(get.denialDetail == "\nProperty resource is undefined on object. for 'get' @ L5")
        #expect(rules.authorize(F.request(.create, "t/x", incoming: ["n": 1]), lookup: lookup) == .allow)
        #expect(rules.authorize(F.request(.delete, "t/x", stored: ["n": 2]), lookup: lookup) == .allow)
    }

    /// Syntax errors surface from the initializer with their position.
    @Test func syntaxErrorsThrow() {
        #expect(throws: RulesSyntaxError.self) { try SecurityRules(source: "service cloud.firestore { match") }
    }
}
