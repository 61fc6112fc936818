import HearthCore
@testable import HearthRules
import Testing

/// The emulator-style denial text (fact sheet §5.1).
@Suite struct DenialDetailTests {
    typealias F = EvaluationFixture

    /// One entry per evaluated statement, in source order across blocks, joined by ", ".
    @Test func entriesInEvaluationOrder() throws {
        let rules = try F.rules("""
            match /docs/{id} {
              allow create: if false;
              allow write: if request.resource.data.workspaceId == 'w';
            }
            match /{path=**} {
              allow create: if 1 / 0 == 1;
            }
            """)
        let decision = rules.authorize(F.request(.create, "docs/a", incoming: ["n": 1]), lookup: FakeDocumentLookup())
        #expect(
            decision.denialDetail
                == "\nfalse for 'create' @ L5, Property workspaceId is undefined on object. for 'create' @ L6, "
                + "Divide by zero error. for 'create' @ L9")
    }

    /// No applicable statement gives the emulator's fixed text.
    @Test func noMatchingStatements() throws {
        let rules = try F.rules("match /docs/{id} { allow read: if true; }")
        let decision = rules.authorize(F.request(.delete, "docs/a"), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nNo matching allow statements")
    }

    /// The final message the core builds matches the emulator's: the entries start on a new line.
    @Test func finalMessage() throws {
        let rules = try F.rules("match /docs/{id} { allow get: if false; }")
        let decision = rules.authorize(F.request(.get, "docs/a"), lookup: FakeDocumentLookup())
        let error = FirestoreError.permissionDenied(detail: decision.denialDetail ?? "")
        #expect(error.code == .permissionDenied)
        #expect(error.message == "Missing or insufficient permissions.\nfalse for 'get' @ L4")
    }

    /// A limit abort ends the list with the limit's entry; later statements are not evaluated.
    @Test func abortStopsEvaluation() throws {
        let calls = (1...11).map { "exists(/databases/$(database)/documents/x/\($0))" }.joined(separator: " || ")
        let rules = try F.rules("""
            match /docs/{id} {
              allow get: if false;
              allow get: if \(calls);
              allow get: if true;
            }
            """)
        let decision = rules.authorize(F.request(.get, "docs/a"), lookup: FakeDocumentLookup())
        #expect(
            decision.denialDetail
                == "\nfalse for 'get' @ L5, "
                + "Evaluation limit exceeded: more than 10 document access calls. for 'get' @ L6")
    }
}
