import Hearth
import HearthTesting
import Testing

/// Anything the rules do not match is denied to every client, the account store included.
@Suite("Rules matrix: other paths")
struct OtherPathsRulesTests {
    @Test func unmatchedPathsAreDenied() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        for db in [rules.alice, rules.anonymous] {
            try await assertFails { try await db.document("accounts/alice@test.es").getDocument() }
            try await assertFails { try await db.document("accounts/x@test.es").setData(["uid": "x"]) }
            try await assertFails { try await db.document("users/alice/purchases/gA1").getDocument() }
            try await assertFails { try await db.document("users/alice/secrets/s").setData(["a": 1]) }
            try await assertFails { try await db.collectionGroup("gifts").getDocuments() }
        }
    }
}
