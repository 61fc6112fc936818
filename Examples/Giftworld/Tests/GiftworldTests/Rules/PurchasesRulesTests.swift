import Hearth
import HearthTesting
import Testing

/// `purchases/{owner}_{giftId}`: read by whoever shares a group with the gift's owner (bob,
/// carol) — never by the owner (alice), nor by dave (no group with alice) or anyone signed out;
/// created only as a valid purchase by its payer; never updated or deleted.
@Suite("Rules matrix: purchases")
struct PurchasesRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        #expect(try await assertSucceeds { try await rules.bob.document("purchases/alice_gA1").getDocument() }.exists)
        #expect(try await assertSucceeds { try await rules.carol.document("purchases/alice_gA1").getDocument() }.exists)
        #expect(try await !assertSucceeds {
            try await rules.carol.document("purchases/alice_gA2").getDocument()
        }.exists)
        for id in ["alice_gA1", "alice_gA2", "alice_nothing"] {
            try await assertFails { try await rules.alice.document("purchases/\(id)").getDocument() }
            try await assertFails { try await rules.dave.document("purchases/\(id)").getDocument() }
            try await assertFails { try await rules.anonymous.document("purchases/\(id)").getDocument() }
        }
        try await assertFails { try await rules.bob.document("purchases/malformed").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let purchases = { (db: Firestore) in db.collection("purchases").whereField("owner", isEqualTo: "alice") }
        #expect(try await assertSucceeds { try await purchases(rules.carol).getDocuments() }.count == 1)
        try await assertFails { try await purchases(rules.alice).getDocuments() }
        try await assertFails { try await purchases(rules.dave).getDocuments() }
        try await assertFails { try await purchases(rules.anonymous).getDocuments() }
        try await assertFails { try await rules.carol.collection("purchases").getDocuments() }
        try await assertFails {
            try await rules.carol.collection("purchases").whereField("groupId", isEqualTo: "g1").getDocuments()
        }
        try await assertFails {
            try await rules.carol.collectionGroup("purchases").whereField("owner", isEqualTo: "alice").getDocuments()
        }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let valid = RulesFixture.purchase(owner: "alice", gift: "gA2", buyers: ["carol"], price: 30)
        try await assertFails { try await rules.alice.document("purchases/alice_gA2").setData(valid) }
        var asOwner = valid
        asOwner["buyers"] = ["alice"]
        try await assertFails { try await rules.alice.document("purchases/alice_gA2").setData(asOwner) }
        try await assertFails { try await rules.bob.document("purchases/alice_gA2").setData(valid) }
        try await assertFails { try await rules.dave.document("purchases/alice_gA2").setData(valid) }
        try await assertFails { try await rules.anonymous.document("purchases/alice_gA2").setData(valid) }
        var cheap = valid
        cheap["price"] = 1.0
        try await assertFails { try await rules.carol.document("purchases/alice_gA2").setData(cheap) }
        var withOutsider = valid
        withOutsider["buyers"] = ["carol", "dave"]
        try await assertFails { try await rules.carol.document("purchases/alice_gA2").setData(withOutsider) }
        var wrongGroup = valid
        wrongGroup["groupId"] = "g2"
        try await assertFails { try await rules.carol.document("purchases/alice_gA2").setData(wrongGroup) }
        try await assertFails { try await rules.carol.document("purchases/bob_gA2").setData(valid) }
        try await assertFails {
            try await rules.carol.document("purchases/alice_gX").setData(
                RulesFixture.purchase(owner: "alice", gift: "gX", buyers: ["carol"], price: 30))
        }
        try await assertSucceeds { try await rules.carol.document("purchases/alice_gA2").setData(valid) }
        try await assertFails {
            try await rules.bob.document("purchases/alice_gA1").setData(
                RulesFixture.purchase(owner: "alice", gift: "gA1", buyers: ["bob"], price: 60))
        }
    }

    @Test func jointCreateWithItsDebts() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let batch = rules.bob.batch()
        batch.setData(
            RulesFixture.purchase(owner: "alice", gift: "gA2", buyers: ["bob", "carol"], price: 30),
            forDocument: rules.bob.document("purchases/alice_gA2"))
        batch.setData(
            RulesFixture.debt(purchase: "alice_gA2", debtor: "carol", creditor: "bob", amount: 15),
            forDocument: rules.bob.document("debts/alice_gA2_carol"))
        try await assertSucceeds { try await batch.commit() }
        let wrongShare = rules.carol.batch()
        wrongShare.setData(
            RulesFixture.purchase(owner: "bob", gift: "gB1", buyers: ["carol", "alice"], price: 20),
            forDocument: rules.carol.document("purchases/bob_gB1"))
        wrongShare.setData(
            RulesFixture.debt(purchase: "bob_gB1", debtor: "alice", creditor: "carol", amount: 15),
            forDocument: rules.carol.document("debts/bob_gB1_alice"))
        try await assertFails { try await wrongShare.commit() }
    }

    @Test func updateAndDelete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        for db in [rules.alice, rules.bob, rules.carol, rules.dave, rules.anonymous] {
            try await assertFails { try await db.document("purchases/alice_gA1").updateData(["buyers": ["carol"]]) }
            try await assertFails { try await db.document("purchases/alice_gA1").delete() }
            try await assertFails { try await db.document("purchases/alice_gA2").delete() }
        }
    }
}
