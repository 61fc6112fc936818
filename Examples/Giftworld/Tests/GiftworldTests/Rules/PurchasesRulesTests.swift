import Hearth
import HearthTesting
import Testing

/// `purchases/{owner}_{giftId}`: read by whoever shares a group with the gift's owner (bob,
/// carol) — never by the owner (alice), nor by dave (no group with alice) or anyone signed out;
/// created only as a valid purchase by its payer; never updated or deleted.
@Suite("Rules matrix: purchases")
struct PurchasesRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    @Test func get() async throws {
        #expect(try await assertSucceeds { try await rules.bob.document("purchases/alice_gA1").getDocument() }.exists)
        #expect(try await assertSucceeds { try await rules.carol.document("purchases/alice_gA1").getDocument() }.exists)
        #expect(try await !assertSucceeds {
            try await rules.carol.document("purchases/alice_gA2").getDocument()
        }.exists)
        for id in ["alice_gA1", "alice_gA2", "alice_nothing"] {
            try await rules.expect(.denied, .get("purchases/\(id)"), as: ["alice", "dave", "anonymous"])
        }
        try await rules.expect(.denied, .get("purchases/malformed"), as: ["bob"])
    }

    @Test func list() async throws {
        let alices = Request.list("purchases", where: "owner", is: "alice")
        #expect(try await assertSucceeds {
            try await rules.carol.collection("purchases").whereField("owner", isEqualTo: "alice").getDocuments()
        }.count == 1)
        try await rules.expect(.denied, alices, as: ["alice", "dave", "anonymous"])
        try await rules.expect([
            ("carol", .list("purchases"), .denied),
            ("carol", .list("purchases", where: "groupId", is: "g1"), .denied),
            ("carol", .query("list the purchases group where owner == alice") {
                $0.collectionGroup("purchases").whereField("owner", isEqualTo: "alice")
            }, .denied),
        ])
    }

    @Test func create() async throws {
        let valid = RulesFixture.purchase(owner: "alice", gift: "gA2", buyers: ["carol"], price: 30)
        let gA2 = "purchases/alice_gA2"
        let alices = { (gift: String, buyer: String, price: Double) in
            RulesFixture.purchase(owner: "alice", gift: gift, buyers: [buyer], price: price)
        }
        try await rules.expect([
            ("alice", .set(gA2, valid), .denied),
            ("alice", .set(gA2, changing(valid, ["buyers": ["alice"]])), .denied),
            ("bob", .set(gA2, valid), .denied),
            ("dave", .set(gA2, valid), .denied),
            ("anonymous", .set(gA2, valid), .denied),
            ("carol", .set(gA2, changing(valid, ["price": 1.0])), .denied),
            ("carol", .set(gA2, changing(valid, ["buyers": ["carol", "dave"]])), .denied),
            ("carol", .set(gA2, changing(valid, ["groupId": "g2"])), .denied),
            ("carol", .set("purchases/bob_gA2", valid), .denied),
            ("carol", .set("purchases/alice_gX", alices("gX", "carol", 30)), .denied),
            ("carol", .set(gA2, valid), .allowed),
            ("bob", .set("purchases/alice_gA1", alices("gA1", "bob", 60)), .denied),
        ])
    }

    @Test func jointCreateWithItsDebts() async throws {
        /// A batch, as `payer`, of a purchase of `owner`'s `gift` by `payer` and `coBuyer` with
        /// `coBuyer`'s debt of `share`.
        func jointBatch(_ payer: Firestore, _ owner: String, _ gift: String, payer uid: String, with coBuyer: String,
            price: Double, share: Double) -> WriteBatch
        {
            let batch = payer.batch()
            batch.setData(
                RulesFixture.purchase(owner: owner, gift: gift, buyers: [uid, coBuyer], price: price),
                forDocument: payer.document("purchases/\(owner)_\(gift)"))
            batch.setData(
                RulesFixture.debt(purchase: "\(owner)_\(gift)", debtor: coBuyer, creditor: uid, amount: share),
                forDocument: payer.document("debts/\(owner)_\(gift)_\(coBuyer)"))
            return batch
        }
        let batch = jointBatch(rules.bob, "alice", "gA2", payer: "bob", with: "carol", price: 30, share: 15)
        try await assertSucceeds { try await batch.commit() }
        let wrongShare = jointBatch(rules.carol, "bob", "gB1", payer: "carol", with: "alice", price: 20, share: 15)
        try await assertFails { try await wrongShare.commit() }
    }

    @Test func updateAndDelete() async throws {
        for who in ["alice", "bob", "carol", "dave", "anonymous"] {
            try await rules.expect([
                (who, .update("purchases/alice_gA1", ["buyers": ["carol"]]), .denied),
                (who, .delete("purchases/alice_gA1"), .denied),
                (who, .delete("purchases/alice_gA2"), .denied),
            ])
        }
    }
}
