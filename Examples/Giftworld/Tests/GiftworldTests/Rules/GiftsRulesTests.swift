import Hearth
import HearthTesting
import Testing

/// `users/{uid}/gifts/{giftId}`: read by the owner and by whoever shares a group with them
/// (bob, carol); not by dave (no common group) or anyone signed out; written by the owner only.
@Suite("Rules matrix: gifts")
struct GiftsRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    @Test func get() async throws {
        try await rules.expect(.allowed, .get("users/alice/gifts/gA1"), as: ["alice", "bob"])
        try await rules.expect(.denied, .get("users/alice/gifts/gA1"), as: ["dave", "anonymous"])
        try await rules.expect(.allowed, .get("users/bob/gifts/gB1"), as: ["dave"])
    }

    @Test func list() async throws {
        for db in [rules.alice, rules.carol] {
            #expect(try await assertSucceeds { try await db.collection("users/alice/gifts").getDocuments() }.count == 2)
        }
        try await rules.expect([
            ("dave", .list("users/alice/gifts"), .denied),
            ("anonymous", .list("users/alice/gifts"), .denied),
            ("alice", .query("list the gifts group") { $0.collectionGroup("gifts") }, .denied),
        ])
    }

    @Test func create() async throws {
        let gift = RulesFixture.gift("Vajilla", 80)
        let epoch = try Timestamp(seconds: 0, nanoseconds: 0)
        try await rules.expect([
            ("alice", .set("users/alice/gifts/new", gift), .allowed),
            ("bob", .set("users/alice/gifts/bobs", RulesFixture.gift("Broma", 1)), .denied),
            ("anonymous", .set("users/alice/gifts/x", RulesFixture.gift("X", 1)), .denied),
            ("alice", .set("users/alice/gifts/neg", changing(gift, ["price": -1.0])), .denied),
            ("alice", .set("users/alice/gifts/flag", changing(gift, ["bought": true])), .denied),
            ("alice", .set("users/alice/gifts/old", changing(gift, ["createdAt": epoch])), .denied),
            ("alice", .set("users/alice/gifts/link", changing(gift, ["link": "javascript:alert(1)"])), .denied),
        ])
    }

    @Test func update() async throws {
        try await rules.expect([
            ("alice", .update("users/alice/gifts/gA2", ["price": 35.0]), .allowed),
            ("bob", .update("users/alice/gifts/gA2", ["price": 1.0]), .denied),
            ("dave", .update("users/alice/gifts/gA2", ["price": 1.0]), .denied),
            ("alice", .update("users/alice/gifts/gA2", ["createdAt": FieldValue.serverTimestamp()]), .denied),
        ])
    }

    @Test func delete() async throws {
        try await rules.expect([
            ("bob", .delete("users/alice/gifts/gA2"), .denied),
            ("anonymous", .delete("users/alice/gifts/gA2"), .denied),
            ("alice", .delete("users/alice/gifts/gA2"), .allowed),
        ])
    }
}
