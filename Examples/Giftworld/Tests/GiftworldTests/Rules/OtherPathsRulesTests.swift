import Hearth
import HearthTesting
import Testing

/// Anything the rules do not match is denied to every client, the account store included.
@Suite("Rules matrix: other paths")
struct OtherPathsRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    @Test func unmatchedPathsAreDenied() async throws {
        let unmatched: [Request] = [
            .get("accounts/alice@test.es"), .set("accounts/x@test.es", ["uid": "x"]),
            .get("users/alice/purchases/gA1"), .set("users/alice/secrets/s", ["a": 1]),
            .query("list the gifts group") { $0.collectionGroup("gifts") },
        ]
        for request in unmatched { try await rules.expect(.denied, request, as: ["alice", "anonymous"]) }
    }
}
