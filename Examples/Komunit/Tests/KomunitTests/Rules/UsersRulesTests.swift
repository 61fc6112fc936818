import Hearth
import HearthTesting
import Testing

/// `users/{uid}`: anyone confirmed reads one, an unconfirmed account only its own (RNF0); only the
/// user writes it; group lists move only with their memberships.
@Suite("Rules matrix: users")
final class UsersRulesTests: RulesSuite {
    @Test func get() async throws {
        // Until the e-mail is confirmed (dora, bobUnconfirmed), only one's own document.
        try await rules.expect(
            allowed: [rules.alice, rules.bob, rules.carol],
            denied: [rules.anonymous, rules.dora, rules.bobUnconfirmed]
        ) {
            _ = try await $0.document("users/alice").getDocument()
        }
        try await assertSucceeds { try await rules.dora.document("users/dora").getDocument() }
        try await assertSucceeds { try await rules.bobUnconfirmed.document("users/bob").getDocument() }
    }

    @Test func list() async throws {
        try await rules.expect(denied: [rules.alice, rules.carol, rules.dora, rules.anonymous]) {
            _ = try await $0.collection("users").getDocuments()
        }
    }

    @Test func create() async throws {
        // Registration writes the document before the e-mail is confirmed (RNF0).
        let dave = try RulesFixture.unconfirmed("dave", in: rules.env)
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
        var withPhoto = try RulesFixture.user("dave", time: FieldValue.serverTimestamp())
        withPhoto["photoPath"] = ""
        try await assertFails { try await dave.document("users/dave").setData(withPhoto) }
        var unknownField = try RulesFixture.user("dave", time: FieldValue.serverTimestamp())
        unknownField["role"] = "admin"
        try await assertFails { try await dave.document("users/dave").setData(unknownField) }
        try await assertSucceeds {
            try await dave.document("users/dave").setData(try RulesFixture.user("dave", time: FieldValue.serverTimestamp()))
        }
    }

    @Test func update() async throws {
        try await rules.expect(allowed: [rules.bob], denied: [rules.alice, rules.anonymous]) {
            try await $0.document("users/bob").updateData(["username": "bobby"])
        }
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
        // The profile photo's path (A.6): a non-empty string of at most 1,024 characters, or none.
        try await assertSucceeds { try await rules.bob.document("users/bob").updateData(["photoPath": "fotos/bob.jpg"]) }
        try await assertFails { try await rules.bob.document("users/bob").updateData(["photoPath": ""]) }
        try await assertFails { try await rules.bob.document("users/bob").updateData(["photoPath": 7]) }
        try await assertFails {
            try await rules.bob.document("users/bob").updateData(["photoPath": String(repeating: "a", count: 1025)])
        }
        try await assertSucceeds { try await rules.bob.document("users/bob").updateData(["photoPath": FieldValue.delete()]) }
        // An unconfirmed account edits its own profile (it is all it reaches).
        try await assertSucceeds { try await rules.dora.document("users/dora").updateData(["username": "dorita"]) }
        try await assertFails { try await rules.dora.document("users/carol").updateData(["username": "dorita"]) }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("users/bob").delete() }  // still in a group
        try await assertFails { try await rules.bob.document("users/carol").delete() }
        try await assertFails { try await rules.anonymous.document("users/carol").delete() }
        try await assertSucceeds { try await rules.carol.document("users/carol").delete() }
        try await assertSucceeds { try await rules.dora.document("users/dora").delete() }
    }
}
