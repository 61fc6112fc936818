import HearthCore
import Testing
@testable import HearthRules

/// Property test: rules built from random expressions, and mutated real rules files, are
/// evaluated against a spread of requests (every method, signed in or not, nested data, lists
/// and maps, a query) — every evaluation returns allow or deny in time, never crashes or hangs.
@Suite struct RulesEvaluationFuzzTests {
    /// Pieces random conditions are made of: operands from every part of the request and the
    /// library, and the operators that combine them.
    static let operands: [String] = [
        "request.auth", "request.auth.uid", "request.auth.token", "request.auth.token.email", "request.time",
        "request.resource.data", "request.resource.data.n", "request.resource.data.tags", "request.resource.data.m.k",
        "resource.data", "resource.data.n", "resource.data.tags", "resource.data.m", "resource.id", "resource.__name__",
        "request.method", "request.path", "request.query.limit", "request.query.orderBy", "id", "database",
        "1", "-1", "0", "9223372036854775807", "1.5", "-0.0", "'s'", "''", "\"é😀\"", "true", "false", "null",
        "[1, 'a', null]", "[]", "{'k': 1}", "{}", "b'\\x00\\xff'", "timestamp.value(0)", "duration.value(1, 's')",
        "math.abs(-3)", "math.floor(1.5)", "string(1)", "int('12')", "float('1e309')", "'abc'.size()",
        "'a,b'.split(',')", "'abc'.matches('a.*')", "'(' .matches('(')", "'x'.matches('(((((a*)*)*)*)*b')",
        "[1,2].hasAll([1])", "{'a':1}.keys()", "{'a':1}.diff({'b':2}).affectedKeys()", "request.resource.data.keys()",
        "resource.data.keys().hasOnly(['n'])", "get(/databases/$(database)/documents/u/$(request.auth.uid))",
        "exists(/databases/$(database)/documents/u/a)", "getAfter(/databases/$(database)/documents/u/a).data",
        "path('/databases/x/documents/a/b')", "latlng.value(1, 2)", "hashing.sha256('a')", "'a'[5]", "[1][-1]",
        "[1,2,3][1:9]", "'abc'[1:2]", "1 / 0", "1 % 0", "9223372036854775807 + 1", "'a' * 1000000",
    ]
    static let binary = ["&&", "||", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "in", "is int", "is map"]

    /// A random condition of up to `depth` levels.
    static func expression(_ depth: Int, using random: inout SplitMix64) -> String {
        guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else {
            return operands.randomElement(using: &random) ?? "true"
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return "!(" + expression(depth - 1, using: &random) + ")"
        case 1:
            return "(" + expression(depth - 1, using: &random) + " ? " + expression(depth - 1, using: &random) + " : "
                + expression(depth - 1, using: &random) + ")"
        case 2: return "f(" + expression(depth - 1, using: &random) + ")"
        default:
            let op = binary.randomElement(using: &random) ?? "=="
            if op.hasPrefix("is ") { return "(" + expression(depth - 1, using: &random) + " " + op + ")" }
            return "(" + expression(depth - 1, using: &random) + " " + op + " " + expression(depth - 1, using: &random) + ")"
        }
    }

    /// A rules file whose conditions are random.
    static func randomRules(using random: inout SplitMix64) -> String {
        let methods = ["read", "write", "get", "list", "create", "update", "delete"]
        var body = "function f(x) { return x == 1 || x; }\n"
        for collection in ["u", "p"] {
            body += "match /\(collection)/{id} {\n"
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                body += "  allow \(methods.randomElement(using: &random) ?? "read"): if \(expression(5, using: &random));\n"
            }
            body += "}\n"
        }
        return "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n" + body + "  }\n}\n"
    }

    /// The requests every fuzzed file is judged against.
    static let requests: [AccessRequest] = {
        let data: [String: Value] = [
            "n": .integer(1), "tags": .array([.string("a"), .null, .double(.nan)]),
            "m": .map(["k": .map(["deep": .array([.integer(.max)])])]), "s": .string(String(repeating: "z", count: 200)),
        ]
        let alice = EvaluationFixture.user("alice", ["email": .string("a@x.io"), "admin": .boolean(true)])
        var requests: [AccessRequest] = []
        for auth in [AccessContext.unauthenticated, alice] {
            for method in AccessRequest.Method.allCases where method != .list {
                for path in ["u/alice", "p/1", "q/1"] {
                    requests.append(EvaluationFixture.request(method, path, auth: auth, stored: data, incoming: data))
                    requests.append(EvaluationFixture.request(method, path, auth: auth))
                }
            }
            requests.append(EvaluationFixture.list(StructuredQuery(collectionID: "u"), auth: auth))
        }
        return requests
    }()

    /// Judges `source` (when it parses) against every request, checking each answer comes in time.
    /// Returns whether it was evaluated.
    static func judge(_ source: String, label: String) -> Bool {
        guard let rules = try? SecurityRules(source: source) else { return false }
        let lookup = FakeDocumentLookup(["u/a": ["n": .integer(1)], "u/alice": ["role": .string("x")]])
        let clock = ContinuousClock()
        for request in requests {
            let start = clock.now
            _ = rules.authorize(request, lookup: lookup)
            let elapsed = clock.now - start
            #expect(elapsed < RulesFuzzTests.timeBound, "\(label) took \(elapsed) on \(request.method)")
        }
        return true
    }

    /// 1,500 random-condition files and 1,500 mutated real files, each judged on every request.
    @Test func evaluationAlwaysAnswers() {
        var random = SplitMix64(seed: 0x5255_4C45_5345_5641)
        var evaluated = 0
        for round in 0..<1_500 where Self.judge(Self.randomRules(using: &random), label: "random \(round)") { evaluated += 1 }
        for round in 0..<1_500 {
            var source = RulesFuzzTests.seeds[round % RulesFuzzTests.seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &random) { source = RulesFuzzTests.mutate(source, using: &random) }
            if Self.judge(source, label: "mutation \(round)") { evaluated += 1 }
        }
        // Most random-condition files are well formed; the run is only a test if they were judged.
        #expect(evaluated >= 1_000, "only \(evaluated) files parsed and were evaluated")
    }
}
