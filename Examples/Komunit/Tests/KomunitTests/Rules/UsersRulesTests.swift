import Hearth
import HearthTesting
import Testing

/// `users/{uid}`: anyone signed in reads one; only the user writes it; group lists move only
/// with their memberships.
@Suite("Rules matrix: users")
struct UsersRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        for db in [rules.alice, rules.bob, rules.carol] { try await assertSucceeds { try await db.document("users/alice").getDocument() } }
        try await assertFails { try await rules.anonymous.document("users/alice").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        for db in [rules.alice, rules.carol, rules.anonymous] {
            try await assertFails { try await db.collection("users").getDocuments() }
        }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let dave = try rules.env.authenticatedContext("dave", claims: ["email": "dave@uma.es"])
        try await assertFails {
            try await dave.document("users/dave").setData(try RulesFixture.user("dave", groups: ["g1"], time: FieldValue.serverTimestamp()))
        }
        try await assertFails {
            try await dave.document("users/dave").setData(try RulesFixture.user("dave", time: RulesFixture.time))
        }
        try await assertFails {
            try await rules.carol.document("users/dave").setData(try RulesFixture.user("dave", time: FieldValue.serverTimestamp()))
        }
        try await assertFails {
            try await rules.anonymous.document("users/dave").setData(try RulesFixture.user("dave", time: FieldValue.serverTimestamp()))
        }
        try await assertSucceeds {
            try await dave.document("users/dave").setData(try RulesFixture.user("dave", time: FieldValue.serverTimestamp()))
        }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.bob.document("users/bob").updateData(["username": "bobby"]) }
        try await assertFails { try await rules.alice.document("users/bob").updateData(["username": "bobby"]) }
        try await assertFails { try await rules.anonymous.document("users/bob").updateData(["username": "bobby"]) }
        // Invariants: the lists change only with their memberships and groups.
        try await assertFails {
            try await rules.bob.document("users/bob").updateData(["groupIds": FieldValue.arrayRemove(["g1"])])
        }
        try await assertFails {
            try await rules.carol.document("users/carol").updateData(["groupIds": FieldValue.arrayUnion(["g1"])])
        }
        try await assertFails {
            try await rules.carol.document("users/carol").updateData(["ownedGroupIds": FieldValue.arrayUnion(["g1"])])
        }
        try await assertFails { try await rules.bob.document("users/bob").updateData(["email": "x@uma.es"]) }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.bob.document("users/bob").delete() }  // still in a group
        try await assertFails { try await rules.bob.document("users/carol").delete() }
        try await assertFails { try await rules.anonymous.document("users/carol").delete() }
        try await assertSucceeds { try await rules.carol.document("users/carol").delete() }
    }
}
