import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}`: everyone signed in explores; the owner edits; memberCount moves only with
/// the caller's own membership and never past memberLimit.
@Suite("Rules matrix: groups")
final class GroupsRulesTests: RulesSuite {
    @Test func getAndList() async throws {
        let explorers = [rules.alice, rules.bob, rules.carol]
        // Not signed out, and (RNF0) not before the e-mail is confirmed, even for a member.
        let unconfirmed = [rules.dora, rules.bobUnconfirmed]
        try await rules.expect(allowed: explorers, denied: unconfirmed + [rules.anonymous]) {
            _ = try await $0.document("groups/g1").getDocument()
        }
        try await rules.expect(allowed: explorers, denied: unconfirmed) {
            _ = try await $0.collection("groups").whereField("geohash", isGreaterThanOrEqualTo: "eys").getDocuments()
        }
        try await assertFails { try await rules.anonymous.collection("groups").getDocuments() }
    }

    @Test func create() async throws {
        func found(_ db: Firestore, as uid: String, owner: String, count: Int = 1) throws -> WriteBatch {
            let batch = db.batch()
            batch.setData(
                try RulesFixture.group(owner: owner, count: count, limit: 5, time: FieldValue.serverTimestamp()),
                forDocument: db.document("groups/g2"))
            batch.setData(
                RulesFixture.membership(uid, "g2", time: FieldValue.serverTimestamp()),
                forDocument: db.document("memberships/g2_\(uid)"))
            batch.updateData(
                ["groupIds": FieldValue.arrayUnion(["g2"]), "ownedGroupIds": FieldValue.arrayUnion(["g2"])],
                forDocument: db.document("users/\(uid)"))
            return batch
        }
        // Alone, without the membership and the owner's list, a group cannot be created.
        try await assertFails {
            try await rules.carol.document("groups/g2").setData(
                try RulesFixture.group(owner: "carol", count: 1, limit: 5, time: FieldValue.serverTimestamp()))
        }
        try await assertFails { try await found(rules.carol, as: "carol", owner: "alice").commit() }  // forged owner
        try await assertFails { try await found(rules.carol, as: "carol", owner: "carol", count: 0).commit() }
        try await assertFails { try await found(rules.anonymous, as: "carol", owner: "carol").commit() }
        try await assertFails { try await found(try RulesFixture.unconfirmed("carol", in: rules.env), as: "carol", owner: "carol").commit() }
        try await assertSucceeds { try await found(rules.carol, as: "carol", owner: "carol").commit() }
    }

    @Test func update() async throws {
        let aliceUnconfirmed = try RulesFixture.unconfirmed("alice", in: rules.env)
        try await rules.expect(
            allowed: [rules.alice],
            denied: [rules.bob, rules.carol, rules.anonymous, aliceUnconfirmed]
        ) {
            try await $0.document("groups/g1").updateData(["title": "Banda 2"])
        }
        // Not even the owner drops the limit under the members or hands the group over; invariants:
        // the counter moves only with the caller's membership, lastMessageAt only with a message.
        let refused: [(Firestore, [String: Any])] = [
            (rules.alice, ["memberLimit": 1]), (rules.alice, ["ownerId": "bob"]),
            (rules.carol, ["memberCount": 3]), (rules.bob, ["memberCount": 1]),
            (rules.bob, ["lastMessageAt": RulesFixture.time]), (rules.carol, ["lastMessageAt": FieldValue.serverTimestamp()]),
        ]
        for (db, change) in refused { try await assertFails { try await db.document("groups/g1").updateData(change) } }
    }

    @Test func delete() async throws {
        try await rules.expect(denied: rules.everyone) { try await $0.document("groups/g1").delete() }
        // The last member leaving deletes the group with their membership and their lists.
        let bobLeaves = rules.bob.batch()
        bobLeaves.deleteDocument(rules.bob.document("memberships/g1_bob"))
        bobLeaves.updateData(["memberCount": 1], forDocument: rules.bob.document("groups/g1"))
        bobLeaves.updateData(["groupIds": FieldValue.arrayRemove(["g1"])], forDocument: rules.bob.document("users/bob"))
        try await assertSucceeds { try await bobLeaves.commit() }
        let aliceLeaves = rules.alice.batch()
        aliceLeaves.deleteDocument(rules.alice.document("memberships/g1_alice"))
        aliceLeaves.deleteDocument(rules.alice.document("groups/g1"))
        aliceLeaves.updateData(
            ["groupIds": FieldValue.arrayRemove(["g1"]), "ownedGroupIds": FieldValue.arrayRemove(["g1"])],
            forDocument: rules.alice.document("users/alice"))
        try await assertSucceeds { try await aliceLeaves.commit() }
    }
}
