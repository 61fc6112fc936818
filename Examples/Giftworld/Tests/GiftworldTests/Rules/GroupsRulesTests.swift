import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}` (members read; a member creates with themself in it; any member renames it,
/// changes its picture and adds members, never removing one — RF3.2, RF3.3; the creator deletes)
/// and `memberships/{uid}` (its user reads; only the trusted trigger writes).
@Suite("Rules matrix: groups and memberships")
struct GroupsRulesTests {
    @Test func getGroup() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("groups/g1").getDocument() }
        try await assertSucceeds { try await rules.carol.document("groups/g1").getDocument() }
        try await assertFails { try await rules.dave.document("groups/g1").getDocument() }
        try await assertFails { try await rules.anonymous.document("groups/g1").getDocument() }
    }

    @Test func listGroups() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let mine = try await assertSucceeds {
            try await rules.bob.collection("groups").whereField("members", arrayContains: "bob").getDocuments()
        }
        #expect(mine.count == 2)
        try await assertFails { try await rules.bob.collection("groups").getDocuments() }
        try await assertFails {
            try await rules.dave.collection("groups").whereField("members", arrayContains: "alice").getDocuments()
        }
        try await assertFails { try await rules.anonymous.collection("groups").getDocuments() }
    }

    @Test func createGroup() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.dave.document("groups/g3").setData(RulesFixture.group(["dave", "alice"], by: "dave"))
        }
        try await assertFails {
            try await rules.dave.document("groups/g4").setData(RulesFixture.group(["alice", "bob"], by: "dave"))
        }
        try await assertFails {
            try await rules.dave.document("groups/g4").setData(RulesFixture.group(["dave", "alice"], by: "alice"))
        }
        try await assertFails {
            try await rules.dave.document("groups/g4").setData(RulesFixture.group(["dave"], by: "dave"))
        }
        try await assertFails {
            try await rules.dave.document("groups/g4").setData(RulesFixture.group(["dave", "bob", "bob"], by: "dave"))
        }
        try await assertFails {
            try await rules.anonymous.document("groups/g4").setData(RulesFixture.group(["a", "b"], by: "a"))
        }
    }

    @Test func updateGroup() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let g1 = { (db: Firestore) in db.document("groups/g1") }
        // Non-members may do none of it, not even add themselves.
        try await assertFails { try await g1(rules.dave).updateData(["name": "X"]) }
        try await assertFails { try await g1(rules.dave).updateData(["members": FieldValue.arrayUnion(["dave"])]) }
        try await assertFails { try await rules.carol.document("groups/g2").updateData(["name": "X"]) }
        try await assertFails { try await g1(rules.anonymous).updateData(["name": "X"]) }
        try await assertFails { try await rules.alice.document("groups/missing").updateData(["name": "X"]) }
        // Any member — the creator or not — renames it, changes its picture, adds members; a member
        // added by someone else may do the same at once.
        try await assertSucceeds { try await g1(rules.alice).updateData(["name": "Nuevo"]) }
        try await assertSucceeds { try await g1(rules.carol).updateData(["name": "Otro", "image_url": "https://img"]) }
        try await assertSucceeds {
            try await g1(rules.bob).updateData(["members": FieldValue.arrayUnion(["dave"])])
        }
        try await assertSucceeds {
            try await g1(rules.dave).updateData(["members": ["alice", "bob", "carol", "dave", "erin"], "name": "Cinco"])
        }
    }

    @Test func updateGroupKeepsItsMembersAndCreator() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let g1 = rules.carol.document("groups/g1")
        let founders = ["alice", "bob", "carol"]
        let fifty: [String] = founders + (1...47).map { "u\($0)" }
        try await assertFails { try await g1.updateData(["members": FieldValue.arrayRemove(["bob"])]) }
        try await assertFails { try await g1.updateData(["members": ["alice", "carol", "dave"]]) }
        try await assertFails { try await g1.updateData(["members": ["alice", "bob", "carol", "carol"]]) }
        try await assertFails { try await g1.updateData(["members": "alice"]) }
        try await assertFails { try await g1.updateData(["members": fifty + ["u48"]]) }
        try await assertFails { try await g1.updateData(["createdBy": "carol"]) }
        try await assertFails { try await g1.updateData(["name": ""]) }
        try await assertFails { try await g1.updateData(["name": 3]) }
        try await assertFails { try await g1.updateData(["image_url": 3]) }
        try await assertFails { try await g1.updateData(["private": true]) }
        try await assertFails { try await g1.setData(RulesFixture.group(["alice", "bob", "carol"], by: "carol")) }
        // A group holds at most 50 members.
        try await assertSucceeds { try await g1.updateData(["members": fifty]) }
    }

    @Test func deleteGroup() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.carol.document("groups/g1").delete() }
        try await assertFails { try await rules.dave.document("groups/g1").delete() }
        try await assertFails { try await rules.anonymous.document("groups/g1").delete() }
        try await assertSucceeds { try await rules.alice.document("groups/g1").delete() }
    }

    @Test func memberships() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.dave.document("memberships/dave").getDocument() }
        try await assertFails { try await rules.dave.document("memberships/alice").getDocument() }
        try await assertFails { try await rules.dave.collection("memberships").getDocuments() }
        try await assertFails { try await rules.anonymous.document("memberships/dave").getDocument() }
        // Joining a group by editing one's own membership would open its lists: refused.
        try await assertFails { try await rules.dave.document("memberships/dave").setData(["groups": ["g1", "g2"]]) }
        try await assertFails { try await rules.dave.document("memberships/dave").updateData(["groups": ["g1"]]) }
        try await assertFails { try await rules.dave.document("memberships/erin").setData(["groups": ["g1"]]) }
        try await assertFails { try await rules.dave.document("memberships/dave").delete() }
    }
}
