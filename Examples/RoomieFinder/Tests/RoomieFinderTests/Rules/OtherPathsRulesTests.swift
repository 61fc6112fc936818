import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// What no rule matches is denied: unknown collections, and other databases of the directory.
@Suite("Rules matrix: everything else")
final class OtherPathsRulesTests: RulesSuite {
    @Test func unmatchedPathsAndOtherDatabasesAreDenied() async throws {
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.database(database: "other").document("accounts/alice@uva.es").setData(["uid": "alice"])
        }
        let accounts = try rules.alice.database(database: "other")
        try await assertFails { try await accounts.document("accounts/alice@uva.es").getDocument() }
        try await assertFails { try await accounts.collection("other").getDocuments() }
        try await assertFails { try await accounts.document("accounts/mallory@uva.es").setData(["uid": "mallory"]) }
        try await assertFails { try await rules.alice.document("Usuarios/alice").setData(["x": 1]) }
        try await assertFails { try await rules.alice.document("Chats/alice").getDocument() }
        let stored = try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.database(database: "other").document("accounts/alice@uva.es").getDocument()
        }
        #expect(stored.exists)
    }
}
