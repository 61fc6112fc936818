import Hearth
import HearthTesting
import Testing

/// `memberships/{groupId}_{uid}`: read by anyone confirmed (a group's detail lists its members);
/// created and deleted only by the user themself, together with the group's counter and the
/// user's list, and only while the group has room.
@Suite("Rules matrix: memberships")
final class MembershipsRulesTests: RulesSuite {
    @Test func get() async throws {
        // Bob's own, by a fellow member (alice), and by carol before joining.
        try await rules.expect(
            allowed: [rules.bob, rules.alice, rules.carol],
            denied: [rules.anonymous, rules.dora, rules.bobUnconfirmed]
        ) {
            _ = try await $0.document("memberships/g1_bob").getDocument()
        }
        try await assertSucceeds { try await rules.carol.document("memberships/g1_carol").getDocument() }  // missing
    }

    @Test func list() async throws {
        try await assertSucceeds {
            try await rules.bob.collection("memberships").whereField("userId", isEqualTo: "bob").getDocuments()
        }
        // A group's members, listed by anyone confirmed before joining.
        try await rules.expect(
            allowed: [rules.alice, rules.carol],
            denied: [rules.anonymous, rules.dora, rules.bobUnconfirmed]
        ) {
            _ = try await $0.collection("memberships").whereField("groupId", isEqualTo: "g1").getDocuments()
        }
    }

    @Test func create() async throws {
        // Alone: no counter, no list.
        try await assertFails {
            try await rules.carol.document("memberships/g1_carol").setData(
                RulesFixture.membership("carol", "g1", time: FieldValue.serverTimestamp()))
        }
        // For someone else.
        let forged = rules.carol.batch()
        forged.setData(
            RulesFixture.membership("dave", "g1", time: FieldValue.serverTimestamp()),
            forDocument: rules.carol.document("memberships/g1_dave"))
        forged.updateData(["memberCount": 3], forDocument: rules.carol.document("groups/g1"))
        try await assertFails { try await forged.commit() }
        // A counter that skips.
        let skipping = RulesFixture.join(rules.carol, "carol", "g1", count: 2)
        skipping.updateData(["memberCount": 2], forDocument: rules.carol.document("groups/g1"))
        try await assertFails { try await skipping.commit() }
        try await assertFails { try await RulesFixture.join(rules.anonymous, "carol", "g1", count: 2).commit() }
        try await assertFails {  // not before the e-mail is confirmed
            try await RulesFixture.join(try RulesFixture.unconfirmed("carol", in: rules.env), "carol", "g1", count: 2).commit()
        }
        // The complete join fills the last place…
        try await assertSucceeds { try await RulesFixture.join(rules.carol, "carol", "g1", count: 2).commit() }
        // …and a full group admits no one, however the writes are made.
        let dave = try RulesFixture.confirmed("dave", in: rules.env)
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("users/dave").setData(try RulesFixture.user("dave"))
        }
        try await assertFails { try await RulesFixture.join(dave, "dave", "g1", count: 3).commit() }
    }

    @Test func aFifthGroupIsRefused() async throws {
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("users/carol").setData(try RulesFixture.user("carol", groups: ["a", "b", "c", "d"]))
        }
        try await assertFails { try await RulesFixture.join(rules.carol, "carol", "g1", count: 2).commit() }
    }

    @Test func update() async throws {
        try await rules.expect(denied: rules.everyone) {
            try await $0.document("memberships/g1_bob").updateData(["joinedAt": RulesFixture.time])
        }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("memberships/g1_bob").delete() }  // counter unchanged
        let aliceRemovesBob = rules.alice.batch()
        aliceRemovesBob.deleteDocument(rules.alice.document("memberships/g1_bob"))
        aliceRemovesBob.updateData(["memberCount": 1], forDocument: rules.alice.document("groups/g1"))
        try await assertFails { try await aliceRemovesBob.commit() }
        try await assertFails { try await rules.anonymous.document("memberships/g1_bob").delete() }
        try await assertFails { try await rules.carol.document("memberships/g1_bob").delete() }
        let leave = rules.bob.batch()
        leave.deleteDocument(rules.bob.document("memberships/g1_bob"))
        leave.updateData(["memberCount": 1], forDocument: rules.bob.document("groups/g1"))
        leave.updateData(["groupIds": FieldValue.arrayRemove(["g1"])], forDocument: rules.bob.document("users/bob"))
        try await assertSucceeds { try await leave.commit() }
    }
}
