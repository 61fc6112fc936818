import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}` (members read; a member creates with themself in it; the creator deletes;
/// nobody updates) and `memberships/{uid}` (its user reads; only the trusted trigger writes).
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
        try await assertFails { try await rules.alice.document("groups/g1").updateData(["name": "Nuevo"]) }
        try await assertFails {
            try await rules.dave.document("groups/g1").updateData(["members": ["alice", "bob", "carol", "dave"]])
        }
        try await assertFails { try await rules.anonymous.document("groups/g1").updateData(["name": "X"]) }
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
