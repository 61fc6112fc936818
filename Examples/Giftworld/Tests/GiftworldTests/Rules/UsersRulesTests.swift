import Hearth
import HearthTesting
import Testing

/// `users/{uid}`: every signed-in user reads; only the owner writes, with their own email, and edits
/// only its names and picture (RF1.3); no deletes.
@Suite("Rules matrix: users")
struct UsersRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    @Test func get() async throws {
        try await rules.expect([
            ("alice", .get("users/alice"), .allowed),
            ("bob", .get("users/alice"), .allowed),
            ("anonymous", .get("users/alice"), .denied),
        ])
    }

    @Test func list() async throws {
        #expect(try await assertSucceeds { try await rules.dave.collection("users").getDocuments() }.count == 4)
        try await rules.expect(.denied, .list("users"), as: ["anonymous"])
    }

    @Test func create() async throws {
        try await rules.expect([
            ("erin", .set("users/erin", RulesFixture.user("erin")), .allowed),
            ("bob", .set("users/erin2", RulesFixture.user("bob")), .denied),
            ("erin", .set("users/erin", RulesFixture.user("alice")), .denied),
            ("erin", .set("users/erin", changing(RulesFixture.user("erin"), ["admin": true])), .denied),
            ("anonymous", .set("users/x", RulesFixture.user("x")), .denied),
        ])
    }

    @Test func update() async throws {
        let whole: [String: Any] = ["firstname": "Ali", "lastname": "G", "email": "alice@test.es", "image_url": ""]
        try await rules.expect([
            ("alice", .update("users/alice", ["image_url": "https://a"]), .allowed),
            ("alice", .update("users/alice", ["firstname": "Alicia", "lastname": "Gómez"]), .allowed),
            ("alice", .set("users/alice", whole), .allowed),
            ("alice", .update("users/alice", ["firstname": ""]), .denied),
            ("alice", .update("users/alice", ["lastname": 7]), .denied),
            ("alice", .update("users/alice", ["image_url": false]), .denied),
            ("alice", .update("users/alice", ["admin": true]), .denied),
            ("alice", .update("users/alice", ["lastname": FieldValue.delete()]), .denied),
            ("alice", .update("users/alice", ["email": "x@test.es"]), .denied),
            ("bob", .update("users/alice", ["firstname": "Mallory"]), .denied),
            ("anonymous", .update("users/alice", ["firstname": "M"]), .denied),
        ])
    }

    @Test func delete() async throws {
        try await rules.expect(.denied, .delete("users/alice"), as: ["alice", "bob", "anonymous"])
    }
}
