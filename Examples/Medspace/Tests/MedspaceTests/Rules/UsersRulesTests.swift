import Hearth
import HearthTesting
import Medspace
import Testing

/// `Users/{uid}` and `Usernames/{key}`: signed-in users read; a user creates their own doctor
/// profile together with its name claim; names stay unique; only doctors delete themselves.
@Suite("Rules matrix: Users and Usernames")
final class UsersRulesTests: RulesSuite {
    @Test func getAndList() async throws {
        for principal in [Principal.alice, .bob, .admin] {
            try await assertSucceeds { try await rules.handle(principal).document("Users/alice").getDocument() }
            try await assertSucceeds { try await rules.handle(principal).collection("Users").getDocuments() }
            try await assertSucceeds { try await rules.handle(principal).document("Usernames/alice").getDocument() }
        }
        try await assertFails { try await rules.anonymous.document("Users/alice").getDocument() }
        try await assertFails { try await rules.anonymous.collection("Users").getDocuments() }
        try await assertFails { try await rules.anonymous.document("Usernames/alice").getDocument() }
    }

    /// A batch creating `uid`'s profile (as `db`) with `profile` and the claim `key`.
    private func register(_ db: Firestore, _ uid: String, _ profile: [String: Any], claim key: String?) async throws {
        let batch = db.batch()
        batch.setData(profile, forDocument: db.document("Users/\(uid)"))
        if let key { batch.setData(["uid": uid], forDocument: db.document("Usernames/\(key)")) }
        try await batch.commit()
    }

    @Test func create() async throws {
        let carol = try rules.env.authenticatedContext("carol", claims: ["email": "carol@ulpgc.es"])
        try await assertFails { try await register(carol, "carol", RulesFixture.user("carol"), claim: nil) }
        try await assertFails {
            try await register(carol, "carol", RulesFixture.user("carol", type: "Admin", email: "carol@ulpgc.es"), claim: "carol")
        }
        try await assertFails {
            try await register(carol, "carol", RulesFixture.user("carol", email: "someone@else.es"), claim: "carol")
        }
        try await assertFails { try await register(carol, "dave", RulesFixture.user("dave"), claim: "dave") }
        var taken = RulesFixture.user("carol")
        taken["username"] = "bob"
        taken["usernameKey"] = "bob"
        try await assertFails { try await register(carol, "carol", taken, claim: "bob") }
        var wrongKey = RulesFixture.user("carol")
        wrongKey["usernameKey"] = "CAROL"
        try await assertFails { try await register(carol, "carol", wrongKey, claim: "CAROL") }
        try await assertFails {
            try await register(rules.anonymous, "carol", RulesFixture.user("carol"), claim: "carol")
        }
        try await assertSucceeds { try await register(carol, "carol", RulesFixture.user("carol"), claim: "carol") }
    }

    @Test func update() async throws {
        try await assertSucceeds { try await rules.alice.document("Users/alice").updateData(["fullname": "Alice Cruz"]) }
        try await assertSucceeds { try await rules.alice.document("Users/alice").updateData(["notifications": false]) }
        try await assertFails { try await rules.bob.document("Users/alice").updateData(["fullname": "Mallory"]) }
        try await assertFails { try await rules.admin.document("Users/alice").updateData(["fullname": "Mallory"]) }
        try await assertFails { try await rules.anonymous.document("Users/alice").updateData(["fullname": "Mallory"]) }
        try await assertFails { try await rules.alice.document("Users/alice").updateData(["type": "Admin"]) }
        try await assertFails { try await rules.alice.document("Users/alice").updateData(["email": "x@y.es"]) }
        try await assertFails {
            try await rules.alice.document("Users/alice").updateData(["username": "bob", "usernameKey": "bob"])
        }
        // Renaming: claim the new name and release the old one in the same batch.
        let batch = rules.alice.batch()
        batch.updateData(["username": "AliceC", "usernameKey": "alicec"], forDocument: rules.alice.document("Users/alice"))
        batch.setData(["uid": "alice"], forDocument: rules.alice.document("Usernames/alicec"))
        batch.deleteDocument(rules.alice.document("Usernames/alice"))
        try await assertSucceeds { try await batch.commit() }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("Users/alice").delete() }
        try await assertFails { try await rules.anonymous.document("Users/alice").delete() }
        try await assertFails { try await rules.admin.document("Users/admin").delete() }
        try await assertFails { try await rules.alice.document("Usernames/bob").delete() }
        try await assertFails { try await rules.alice.document("Usernames/alice").delete() }
        try await assertSucceeds { try await rules.alice.document("Users/alice").delete() }
        try await assertSucceeds { try await rules.alice.document("Usernames/alice").delete() }
    }

    @Test func claimsCannotBeTakenOrForged() async throws {
        try await assertFails { try await rules.alice.document("Usernames/bob").setData(["uid": "alice"]) }
        try await assertFails { try await rules.alice.document("Usernames/someone").setData(["uid": "alice"]) }
        try await assertFails { try await rules.anonymous.document("Usernames/someone").setData(["uid": "x"]) }
    }
}
