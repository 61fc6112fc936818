import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}` (members read; a member creates with themself in it; any member renames it,
/// changes its picture and adds members, never removing one — RF3.2, RF3.3; the creator deletes)
/// and `memberships/{uid}` (its user reads; only the trusted trigger writes).
@Suite("Rules matrix: groups and memberships")
struct GroupsRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    @Test func getGroup() async throws {
        try await rules.expect(.allowed, .get("groups/g1"), as: ["alice", "carol"])
        try await rules.expect(.denied, .get("groups/g1"), as: ["dave", "anonymous"])
    }

    @Test func listGroups() async throws {
        let mine = try await assertSucceeds {
            try await rules.bob.collection("groups").whereField("members", arrayContains: "bob").getDocuments()
        }
        #expect(mine.count == 2)
        try await rules.expect([
            ("bob", .list("groups"), .denied),
            ("dave", .list("groups", where: "members", contains: "alice"), .denied),
            ("anonymous", .list("groups"), .denied),
        ])
    }

    @Test func createGroup() async throws {
        let group = { (members: [String], creator: String) in RulesFixture.group(members, by: creator) }
        try await rules.expect([
            ("dave", .set("groups/g3", group(["dave", "alice"], "dave")), .allowed),
            ("dave", .set("groups/g4", group(["alice", "bob"], "dave")), .denied),
            ("dave", .set("groups/g4", group(["dave", "alice"], "alice")), .denied),
            ("dave", .set("groups/g4", group(["dave"], "dave")), .denied),
            ("dave", .set("groups/g4", group(["dave", "bob", "bob"], "dave")), .denied),
            ("anonymous", .set("groups/g4", group(["a", "b"], "a")), .denied),
        ])
    }

    @Test func updateGroup() async throws {
        let join = ["members": FieldValue.arrayUnion(["dave"])]
        try await rules.expect([
            // Non-members may do none of it, not even add themselves.
            ("dave", .update("groups/g1", ["name": "X"]), .denied),
            ("dave", .update("groups/g1", join), .denied),
            ("carol", .update("groups/g2", ["name": "X"]), .denied),
            ("anonymous", .update("groups/g1", ["name": "X"]), .denied),
            ("alice", .update("groups/missing", ["name": "X"]), .denied),
            // Any member — the creator or not — renames it, changes its picture, adds members; a
            // member added by someone else may do the same at once.
            ("alice", .update("groups/g1", ["name": "Nuevo"]), .allowed),
            ("carol", .update("groups/g1", ["name": "Otro", "image_url": "https://img"]), .allowed),
            ("bob", .update("groups/g1", join), .allowed),
            ("dave", .update("groups/g1", ["members": ["alice", "bob", "carol", "dave", "erin"], "name": "Cinco"]),
             .allowed),
        ])
    }

    @Test func updateGroupKeepsItsMembersAndCreator() async throws {
        let fifty: [String] = ["alice", "bob", "carol"] + (1...47).map { "u\($0)" }
        let refused: [[String: Any]] = [
            ["members": FieldValue.arrayRemove(["bob"])], ["members": ["alice", "carol", "dave"]],
            ["members": ["alice", "bob", "carol", "carol"]], ["members": "alice"], ["members": fifty + ["u48"]],
            ["createdBy": "carol"], ["name": ""], ["name": 3], ["image_url": 3], ["private": true],
        ]
        try await rules.expect(
            refused.map { ("carol", .update("groups/g1", $0), .denied) }
                + [
                    ("carol", .set("groups/g1", RulesFixture.group(["alice", "bob", "carol"], by: "carol")), .denied),
                    // A group holds at most 50 members.
                    ("carol", .update("groups/g1", ["members": fifty]), .allowed),
                ])
    }

    @Test func deleteGroup() async throws {
        try await rules.expect(.denied, .delete("groups/g1"), as: ["carol", "dave", "anonymous"])
        try await rules.expect(.allowed, .delete("groups/g1"), as: ["alice"])
    }

    @Test func memberships() async throws {
        try await rules.expect([
            ("dave", .get("memberships/dave"), .allowed),
            ("dave", .get("memberships/alice"), .denied),
            ("dave", .list("memberships"), .denied),
            ("anonymous", .get("memberships/dave"), .denied),
            // Joining a group by editing one's own membership would open its lists: refused.
            ("dave", .set("memberships/dave", ["groups": ["g1", "g2"]]), .denied),
            ("dave", .update("memberships/dave", ["groups": ["g1"]]), .denied),
            ("dave", .set("memberships/erin", ["groups": ["g1"]]), .denied),
            ("dave", .delete("memberships/dave"), .denied),
        ])
    }
}
