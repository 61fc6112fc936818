import Hearth
import HearthTesting
import Testing

/// `users/{uid}`: every signed-in user reads; only the owner writes, with their own email, and edits
/// only its names and picture (RF1.3); no deletes.
@Suite("Rules matrix: users")
struct UsersRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("users/alice").getDocument() }
        try await assertSucceeds { try await rules.bob.document("users/alice").getDocument() }
        try await assertFails { try await rules.anonymous.document("users/alice").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        #expect(try await assertSucceeds { try await rules.dave.collection("users").getDocuments() }.count == 4)
        try await assertFails { try await rules.anonymous.collection("users").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let erin = try rules.env.authenticatedContext("erin", claims: ["email": "erin@test.es"])
        try await assertSucceeds { try await erin.document("users/erin").setData(RulesFixture.user("erin")) }
        try await assertFails { try await rules.bob.document("users/erin2").setData(RulesFixture.user("bob")) }
        try await assertFails { try await erin.document("users/erin").setData(RulesFixture.user("alice")) }
        var extra = RulesFixture.user("erin")
        extra["admin"] = true
        try await assertFails { try await erin.document("users/erin").setData(extra) }
        try await assertFails { try await rules.anonymous.document("users/x").setData(RulesFixture.user("x")) }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.alice.document("users/alice").updateData(["image_url": "https://a"])
        }
        try await assertSucceeds {
            try await rules.alice.document("users/alice").updateData(["firstname": "Alicia", "lastname": "Gómez"])
        }
        try await assertSucceeds {
            try await rules.alice.document("users/alice").setData(
                ["firstname": "Ali", "lastname": "G", "email": "alice@test.es", "image_url": ""])
        }
        try await assertFails { try await rules.alice.document("users/alice").updateData(["firstname": ""]) }
        try await assertFails { try await rules.alice.document("users/alice").updateData(["lastname": 7]) }
        try await assertFails { try await rules.alice.document("users/alice").updateData(["image_url": false]) }
        try await assertFails { try await rules.alice.document("users/alice").updateData(["admin": true]) }
        try await assertFails {
            try await rules.alice.document("users/alice").updateData(["lastname": FieldValue.delete()])
        }
        try await assertFails { try await rules.alice.document("users/alice").updateData(["email": "x@test.es"]) }
        try await assertFails { try await rules.bob.document("users/alice").updateData(["firstname": "Mallory"]) }
        try await assertFails { try await rules.anonymous.document("users/alice").updateData(["firstname": "M"]) }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.alice.document("users/alice").delete() }
        try await assertFails { try await rules.bob.document("users/alice").delete() }
        try await assertFails { try await rules.anonymous.document("users/alice").delete() }
    }
}
