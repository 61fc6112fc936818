import Hearth
import HearthTesting
import Testing

/// `users/{uid}/gifts/{giftId}`: read by the owner and by whoever shares a group with them
/// (bob, carol); not by dave (no common group) or anyone signed out; written by the owner only.
@Suite("Rules matrix: gifts")
struct GiftsRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("users/alice/gifts/gA1").getDocument() }
        try await assertSucceeds { try await rules.bob.document("users/alice/gifts/gA1").getDocument() }
        try await assertFails { try await rules.dave.document("users/alice/gifts/gA1").getDocument() }
        try await assertFails { try await rules.anonymous.document("users/alice/gifts/gA1").getDocument() }
        try await assertSucceeds { try await rules.dave.document("users/bob/gifts/gB1").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        #expect(try await assertSucceeds {
            try await rules.alice.collection("users/alice/gifts").getDocuments()
        }.count == 2)
        #expect(try await assertSucceeds {
            try await rules.carol.collection("users/alice/gifts").getDocuments()
        }.count == 2)
        try await assertFails { try await rules.dave.collection("users/alice/gifts").getDocuments() }
        try await assertFails { try await rules.anonymous.collection("users/alice/gifts").getDocuments() }
        try await assertFails { try await rules.alice.collectionGroup("gifts").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.alice.document("users/alice/gifts/new").setData(RulesFixture.gift("Vajilla", 80))
        }
        try await assertFails {
            try await rules.bob.document("users/alice/gifts/bobs").setData(RulesFixture.gift("Broma", 1))
        }
        try await assertFails {
            try await rules.anonymous.document("users/alice/gifts/x").setData(RulesFixture.gift("X", 1))
        }
        var negative = RulesFixture.gift("Vajilla", 80)
        negative["price"] = -1.0
        try await assertFails { try await rules.alice.document("users/alice/gifts/neg").setData(negative) }
        var bought = RulesFixture.gift("Vajilla", 80)
        bought["bought"] = true
        try await assertFails { try await rules.alice.document("users/alice/gifts/flag").setData(bought) }
        var backdated = RulesFixture.gift("Vajilla", 80)
        backdated["createdAt"] = try Timestamp(seconds: 0, nanoseconds: 0)
        try await assertFails { try await rules.alice.document("users/alice/gifts/old").setData(backdated) }
        var badLink = RulesFixture.gift("Vajilla", 80)
        badLink["link"] = "javascript:alert(1)"
        try await assertFails { try await rules.alice.document("users/alice/gifts/link").setData(badLink) }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("users/alice/gifts/gA2").updateData(["price": 35.0]) }
        try await assertFails { try await rules.bob.document("users/alice/gifts/gA2").updateData(["price": 1.0]) }
        try await assertFails { try await rules.dave.document("users/alice/gifts/gA2").updateData(["price": 1.0]) }
        try await assertFails {
            try await rules.alice.document("users/alice/gifts/gA2").updateData([
                "createdAt": FieldValue.serverTimestamp()
            ])
        }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.bob.document("users/alice/gifts/gA2").delete() }
        try await assertFails { try await rules.anonymous.document("users/alice/gifts/gA2").delete() }
        try await assertSucceeds { try await rules.alice.document("users/alice/gifts/gA2").delete() }
    }
}
