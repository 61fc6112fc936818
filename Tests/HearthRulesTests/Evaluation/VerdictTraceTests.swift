import HearthCore
@testable import HearthRules
import Testing

/// Verdicts told in full (`AccessRequest.verdictLog`): the statement that granted or why each
/// denied, and the evaluation trace of each condition.
@Suite struct VerdictTraceTests {
    typealias F = EvaluationFixture

    /// Judges `request` with a verdict log and returns the decision and the one verdict recorded.
    private func traced(
        _ rules: SecurityRules, _ request: AccessRequest, lookup: FakeDocumentLookup = FakeDocumentLookup()
    ) throws -> (AccessDecision, AccessVerdict) {
        let log = AccessVerdictLog()
        var request = request
        request.verdictLog = log
        let decision = rules.authorize(request, lookup: lookup)
        #expect(log.verdicts.count == 1)
        return (decision, try #require(log.verdicts.first))
    }

    /// The step for `expression` (the first one, in evaluation order).
    private func step(_ expression: String, in statement: AccessStatementVerdict) throws -> AccessTraceStep {
        try #require(statement.trace.first { $0.expression == expression }, "no step for \(expression)")
    }

    /// Allowed by the second of two candidates: the first is told as denied with its line, the
    /// second as granted with its methods, match path, line and column, and each has its trace.
    @Test func allowedBySecondCandidate() throws {
        let rules = try F.rules("""
            match /notes/{id} {
              allow get: if request.auth.uid == 'admin';
              allow read, write: if request.auth.uid == resource.data.owner;
            }
            """)
        let request = F.request(.get, "notes/n1", auth: F.user("alice"), stored: ["owner": "alice"])
        let (decision, verdict) = try traced(rules, request)
        #expect(decision == .allow)
        #expect(verdict.allowed && verdict.method == "get" && verdict.path == "notes/n1")
        #expect(verdict.statements.count == 2)
        let first = verdict.statements[0]
        #expect(first.outcome == .denied && first.line == 5 && first.message == "false for 'get' @ L5")
        #expect(try step("request.auth.uid", in: first).value == "\"alice\"")
        #expect(try step("'admin'", in: first).value == "\"admin\"")
        let granted = verdict.statements[1]
        #expect(granted.outcome == .granted && granted.message == nil)
        #expect(granted.methods == ["read", "write"])
        #expect(granted.match == "/databases/{database}/documents/notes/{id}")
        #expect(granted.line == 6 && granted.column == 3)
        let root = try #require(granted.trace.first)
        #expect(root.depth == 0 && root.expression == "request.auth.uid == resource.data.owner")
        #expect(root.value == "true" && root.state == .value)
        let owner = try step("resource.data.owner", in: granted)
        #expect(owner.depth == 1 && owner.value == "\"alice\"")
        #expect(try step("resource.data", in: granted).depth == 2)
        #expect(try step("request.auth.uid", in: granted).value == "\"alice\"")
    }

    /// A denied `&&` chain: the failing operand is false, the operands after it are shown as not
    /// evaluated, and the statement's entry is the emulator's.
    @Test func deniedChainShowsWhereItFailed() throws {
        let rules = try F.rules("""
            match /posts/{id} {
              allow create: if request.auth != null
                && request.resource.data.size() < 3
                && request.resource.data.title is string
                && request.auth.uid == 'x';
            }
            """)
        let incoming: [String: Value] = ["a": 1, "b": 2, "c": 3, "title": "t"]
        let (decision, verdict) = try traced(rules, F.request(.create, "posts/p", auth: F.user("u"), incoming: incoming))
        #expect(!decision.isAllowed && !verdict.allowed)
        let statement = try #require(verdict.statements.first)
        #expect(statement.outcome == .denied && statement.message == "false for 'create' @ L5")
        let root = try #require(statement.trace.first)
        #expect(root.value == "false" && root.expression.hasPrefix("request.auth != null && request.resource"))
        #expect(try step("request.auth != null", in: statement).value == "true")
        #expect(try step("request.resource.data.size() < 3", in: statement).value == "false")
        #expect(try step("request.resource.data.size()", in: statement).value == "4")
        let skipped = statement.trace.filter { $0.state == .skipped }.map(\.expression)
        #expect(skipped == ["request.resource.data.title is string", "request.auth.uid == 'x'"])
        #expect(statement.trace.filter { $0.state == .skipped }.allSatisfy { $0.depth == 1 })
        #expect(statement.trace.first { $0.expression == "request.resource.data.size() < 3" }?.depth == 1)
    }

    /// `||` decided by its left operand: the right one is not evaluated (no division by zero).
    @Test func shortCircuitOr() throws {
        let rules = try F.rules("""
            match /open/{id} {
              allow get: if request.auth == null || 1 / 0 == 1;
            }
            """)
        let (decision, verdict) = try traced(rules, F.request(.get, "open/a"))
        #expect(decision == .allow)
        let statement = try #require(verdict.statements.first)
        #expect(statement.outcome == .granted)
        #expect(try step("request.auth == null", in: statement).value == "true")
        let right = try step("1 / 0 == 1", in: statement)
        #expect(right.state == .skipped && right.depth == 1 && right.value.isEmpty)
        #expect(!statement.trace.contains { $0.expression == "1 / 0" })
    }

    /// A user function: the call, then its body one level deeper, and the argument where the
    /// body first reads it (arguments are evaluated lazily).
    @Test func functionCallsAreTraced() throws {
        let rules = try F.rules("""
            function isOwner(uid) {
              return request.auth.uid == uid;
            }
            match /notes/{id} {
              allow delete: if isOwner(resource.data.owner);
            }
            """)
        let request = F.request(.delete, "notes/n", auth: F.user("alice"), stored: ["owner": "alice"])
        let (decision, verdict) = try traced(rules, request)
        #expect(decision == .allow)
        let statement = try #require(verdict.statements.first)
        #expect(statement.line == 8)
        let call = try step("isOwner(resource.data.owner)", in: statement)
        #expect(call.depth == 0 && call.value == "true")
        #expect(try step("request.auth.uid == uid", in: statement).depth == 1)
        let parameter = try step("uid", in: statement)
        #expect(parameter.depth == 2 && parameter.value == "\"alice\"")
        #expect(try step("resource.data.owner", in: statement).depth == 3)
    }

    /// A missing field is an error: the statement is told as an error with the emulator's
    /// message, and the step that failed carries it.
    @Test func missingFieldIsAnError() throws {
        let rules = try F.rules("""
            match /items/{id} {
              allow get: if resource.data.price > 10;
            }
            """)
        let (decision, verdict) = try traced(rules, F.request(.get, "items/i", auth: F.user("u"), stored: ["name": "x"]))
        #expect(!decision.isAllowed)
        let statement = try #require(verdict.statements.first)
        #expect(statement.outcome == .error)
        #expect(statement.message == "Property price is undefined on object. for 'get' @ L5")
        let failed = try step("resource.data.price", in: statement)
        #expect(failed.state == .error && failed.value == "Property price is undefined on object.")
        #expect(statement.trace.first?.state == .error)
    }

    /// No applicable statement: the verdict says so and has no statements.
    @Test func noMatchingStatementsIsANote() throws {
        let rules = try F.rules("match /docs/{id} { allow read: if true; }")
        let (_, verdict) = try traced(rules, F.request(.delete, "docs/a"))
        #expect(!verdict.allowed && verdict.statements.isEmpty && verdict.note == "No matching allow statements")
    }

    /// Traces are bounded: values are cut to a fixed length, and a long condition keeps its
    /// first steps and says it was cut.
    @Test func tracesAreBounded() throws {
        let long = String(repeating: "<b>", count: 400)
        let chain = (1...120).map { "resource.data.n == \($0)" }.joined(separator: " || ")
        let rules = try F.rules("""
            match /big/{id} {
              allow get: if resource.data.text == 'x';
              allow get: if \(chain);
            }
            """)
        let (_, verdict) = try traced(rules, F.request(.get, "big/b", auth: F.user("u"), stored: ["text": .string(long), "n": 0]))
        let first = verdict.statements[0]
        let text = try step("resource.data.text", in: first)
        #expect(text.value.count == RulesExplainer.maxValueText && text.value.hasSuffix("…"))
        #expect(text.value.hasPrefix("\"<b><b>"))
        let second = verdict.statements[1]
        #expect(second.traceTruncated && second.trace.count == RuleTracer().maxSteps)
        #expect(second.trace[0].expression.count == RulesExplainer.maxExpressionText)
        #expect(!first.traceTruncated)
    }

    /// The log is taken from the task that builds the request; without one nothing is recorded
    /// and the decision is the same.
    @Test func taskLocalLogIsUsed() throws {
        let rules = try F.rules("match /docs/{id} { allow get: if request.auth != null; }")
        let log = AccessVerdictLog()
        let request = AccessVerdictLog.$current.withValue(log) { F.request(.get, "docs/a", auth: F.user("u")) }
        #expect(rules.authorize(request, lookup: FakeDocumentLookup()) == .allow)
        #expect(log.verdicts.map(\.allowed) == [true])
        let untraced = F.request(.get, "docs/a", auth: F.user("u"))
        #expect(untraced.verdictLog == nil)
        #expect(rules.authorize(untraced, lookup: FakeDocumentLookup()) == .allow)
        #expect(log.verdicts.count == 1)
    }

    /// Tracing changes nothing about the decision or the denial text, however the statements end.
    @Test func tracedAndUntracedDecideAlike() throws {
        let rules = try F.rules("""
            match /docs/{id} {
              allow create: if false;
              allow write: if request.resource.data.workspaceId == 'w';
            }
            match /{path=**} {
              allow create: if 1 / 0 == 1 || request.resource.data.ok == true;
            }
            """)
        for incoming: [String: Value] in [["n": 1], ["workspaceId": "w"], ["ok": true], ["ok": false]] {
            let plain = F.request(.create, "docs/a", auth: F.user("u"), incoming: incoming)
            let (traced, verdict) = try traced(rules, plain)
            #expect(traced == rules.authorize(plain, lookup: FakeDocumentLookup()))
            #expect(verdict.allowed == traced.isAllowed)
            if case .deny(let detail) = traced {
                #expect(detail == "\n" + verdict.statements.compactMap(\.message).joined(separator: ", "))
            }
        }
    }

    /// A `list` request is told too: the statement that allowed the query.
    @Test func listVerdict() throws {
        let rules = try F.rules("""
            match /notes/{id} {
              allow list: if request.query.limit <= 10;
            }
            """)
        let log = AccessVerdictLog()
        var request = F.list(F.query("notes", limit: 5), auth: F.user("u"))
        request.verdictLog = log
        #expect(rules.authorize(request, lookup: FakeDocumentLookup()) == .allow)
        let verdict = try #require(log.verdicts.first)
        #expect(verdict.method == "list" && verdict.path == "notes" && verdict.allowed)
        #expect(verdict.statements.map(\.outcome) == [.granted])
        #expect(try step("request.query.limit", in: verdict.statements[0]).value == "5")
    }
}
