import Foundation
import HearthCore
@testable import HearthRules
import Testing

/// Per-request limits (fact sheet §2.8, §4): access calls with caching, call depth, the
/// expression budget, and document access before and after a commit.
@Suite struct EvaluationLimitsTests {
    typealias F = EvaluationFixture

    /// A chain of `count` functions, `f1` calling `f2` … calling `f<count>`, which returns true.
    private func chain(_ count: Int) -> String {
        (1...count).map { index in
            let body = index == count ? "true" : "f\(index + 1)()"
            return "function f\(index)() { return \(body); }"
        }.joined(separator: "\n")
    }

    /// Calls nested 20 deep are fine; 21 deep deny the whole request.
    @Test func callDepthLimit() throws {
        let allowed = try F.rules(chain(20) + "\nmatch /t/{id} { allow get: if f1(); }")
        #expect(allowed.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()) == .allow)
        let tooDeep = try F.rules(chain(21) + "\nmatch /t/{id} { allow get: if f1() || true; allow get: if true; }")
        let decision = tooDeep.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nEvaluation limit exceeded: function call depth over 20. for 'get' @ L25")
    }

    /// More than 1,000 evaluated expressions deny the request, even with a later `true` statement.
    @Test func expressionBudget() throws {
        let long = Array(repeating: "1 == 1", count: 200).joined(separator: " && ")
        let rules = try F.rules("match /t/{id} { allow get: if \(long) && false; allow get: if \(long); }")
        let decision = rules.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup())
        let message = "Evaluation limit exceeded: more than 1000 expressions evaluated."
        #expect(decision.denialDetail?.contains(message) == true)
        let fits = try F.rules("match /t/{id} { allow get: if \(long); }")
        #expect(fits.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()) == .allow)
        let tight = try SecurityRules(
            source: "service cloud.firestore { match /databases/{d}/documents { "
                + "match /t/{id} { allow get: if 1 == 1; } } }",
            limits: RulesEvaluationLimits(maxExpressions: 2, maxCallDepth: 20))
        #expect(!tight.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup()).isAllowed)
    }

    /// Repeated reads of one document count once; get and exists share the cache.
    @Test func cachedAccessCallsDoNotCount() throws {
        let checks = Array(repeating: "exists(/databases/$(database)/documents/users/alice)", count: 12)
            .joined(separator: " && ")
        let rules = try F.rules("""
            match /t/{id} {
              allow get: if \(checks) && get(/databases/$(database)/documents/users/alice).data.ok == true;
            }
            """)
        let lookup = FakeDocumentLookup(["users/alice": ["ok": true]])
        #expect(rules.authorize(F.request(.get, "t/x"), lookup: lookup) == .allow)
        #expect(lookup.reads == ["get users/alice"])
    }

    /// The request's own access-call limit applies (20 for each write of a batch).
    @Test func accessCallLimitComesFromRequest() throws {
        let calls = (1...15).map { "!exists(/databases/$(database)/documents/x/d\($0))" }.joined(separator: " && ")
        let rules = try F.rules("match /t/{id} { allow write: if \(calls); }")
        let single = F.request(.create, "t/x", incoming: [:])
        #expect(!rules.authorize(single, lookup: FakeDocumentLookup()).isAllowed)
        let batched = F.request(.create, "t/x", incoming: [:], accessCallLimit: 20)
        #expect(rules.authorize(batched, lookup: FakeDocumentLookup()) == .allow)
    }

    /// get() sees the stored state, getAfter() the state after the whole batch.
    @Test func getVersusGetAfter() throws {
        let rules = try F.rules("""
            match /t/{id} {
              allow create: if get(/databases/$(database)/documents/c/counter).data.n == 1
                            && getAfter(/databases/$(database)/documents/c/counter).data.n == 2
                            && !exists(/databases/$(database)/documents/c/new)
                            && existsAfter(/databases/$(database)/documents/c/new);
            }
            """)
        let lookup = FakeDocumentLookup(
            ["c/counter": ["n": 1]], after: ["c/counter": ["n": 2], "c/new": ["n": 0]])
        #expect(rules.authorize(F.request(.create, "t/x", incoming: [:]), lookup: lookup) == .allow)
        #expect(lookup.reads == ["get c/counter", "after c/counter", "get c/new", "after c/new"])
        let unchanged = FakeDocumentLookup(["c/counter": ["n": 1]])
        #expect(!rules.authorize(F.request(.create, "t/x", incoming: [:]), lookup: unchanged).isAllowed)
    }

    /// Paths outside the request's database, or not naming a document, are errors.
    @Test func accessOutsideDatabaseIsError() throws {
        let rules = try F.rules("""
            match /a/{id} { allow get: if exists(/databases/other/documents/users/alice); }
            match /b/{id} { allow get: if exists(/databases/$(database)/documents/users); }
            match /c/{id} { allow get: if exists('users/alice'); }
            match /d/{id} { allow get: if get(null) == null; }
            """)
        let lookup = FakeDocumentLookup(["users/alice": [:]])
        let other = rules.authorize(F.request(.get, "a/x"), lookup: lookup)
        #expect(other.denialDetail?.hasPrefix("\nInvalid argument error. Function: [exists].") == true)
        #expect(!rules.authorize(F.request(.get, "b/x"), lookup: lookup).isAllowed)
        let text = rules.authorize(F.request(.get, "c/x"), lookup: lookup)
        #expect(
            text.denialDetail
                == "\nUnsupported operation error. Received: exists(string). Expected: exists(path). for 'get' @ L6")
        let null = rules.authorize(F.request(.get, "d/x"), lookup: lookup)
        #expect(null.denialDetail == "\nNull value error. for 'get' @ L7")
        #expect(lookup.reads.isEmpty)
    }

    /// A lookup failure is a service-call error that denies the statement.
    @Test func lookupFailureIsError() throws {
        /// A lookup that always fails.
        final class FailingLookup: DocumentLookup {
            /// Fails.
            func document(at path: ResourcePath) throws(FirestoreError) -> Document? {
                throw FirestoreError(.unavailable, "down")
            }
            /// Fails.
            func documentAfter(at path: ResourcePath) throws(FirestoreError) -> Document? {
                throw FirestoreError(.unavailable, "down")
            }
        }
        let rules = try F.rules("match /t/{id} { allow get: if exists(/databases/$(database)/documents/u/v) || true; }")
        #expect(rules.authorize(F.request(.get, "t/x"), lookup: FailingLookup()) == .allow)
        let strict = try F.rules("match /t/{id} { allow get: if exists(/databases/$(database)/documents/u/v); }")
        let decision = strict.authorize(F.request(.get, "t/x"), lookup: FailingLookup())
        #expect(decision.denialDetail == "\nService call error. Function: [exists], Argument: [/u/v]. for 'get' @ L4")
    }

    /// Whether a `get` under `condition` is allowed when evaluated on a thread with a 1 MiB stack.
    private func allowedOnSmallStack(_ condition: String) async throws -> Bool {
        let rules = try F.rules("match /t/{id} { allow get: if \(condition); }")
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                let decision = rules.authorize(F.request(.get, "t/x"), lookup: FakeDocumentLookup())
                continuation.resume(returning: decision.isAllowed)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// A 400-operand `||` chain (height 400) is folded without recursion.
    @Test func longLogicalChain() async throws {
        let chain = Array(repeating: "false", count: 399).joined(separator: " || ") + " || true"
        #expect(try await allowedOnSmallStack(chain))
    }

    /// A 300-operand `+` chain (height 300) fits a small stack.
    @Test func tallArithmeticTree() async throws {
        let chain = Array(repeating: "1", count: 300).joined(separator: " + ") + " == 300"
        #expect(try await allowedOnSmallStack(chain))
    }
}
