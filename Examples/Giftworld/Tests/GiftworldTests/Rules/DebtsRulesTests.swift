import Hearth
import HearthTesting
import Testing

/// `debts/{purchaseId}_{debtor}`: read, lowered (RF5.1) and deleted by its two parties only (carol
/// owes bob 30 €); created only with its purchase; its amount never raised, nor set to 0 by an update.
@Suite("Rules matrix: debts")
struct DebtsRulesTests {
    /// A fresh fixture for each test (removed when the test ends).
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    /// carol's debt to bob.
    private static let debt = "debts/alice_gA1_carol"

    @Test func get() async throws {
        try await rules.expect(.allowed, .get(Self.debt), as: ["carol", "bob"])
        try await rules.expect(.denied, .get(Self.debt), as: ["alice", "dave", "anonymous"])
        // The gift's owner is refused from the id alone: a stored and a missing debt answer alike.
        let stored = try await assertFails { try await rules.alice.document(Self.debt).getDocument() }
        let missing = try await assertFails { try await rules.alice.document("debts/alice_gA2_carol").getDocument() }
        #expect(stored.message == missing.message)
    }

    @Test func list() async throws {
        #expect(try await assertSucceeds {
            try await rules.carol.collection("debts").whereField("debtor", isEqualTo: "carol").getDocuments()
        }.count == 1)
        #expect(try await assertSucceeds {
            try await rules.bob.collection("debts").whereField("creditor", isEqualTo: "bob").getDocuments()
        }.count == 1)
        try await rules.expect([
            ("alice", .list("debts", where: "debtor", is: "carol"), .denied),
            ("carol", .list("debts"), .denied),
            ("carol", .list("debts", where: "groupId", is: "g1"), .denied),
            ("anonymous", .list("debts", where: "debtor", is: "carol"), .denied),
        ])
    }

    @Test func create() async throws {
        let debt = { (purchase: String, debtor: String, creditor: String) in
            RulesFixture.debt(purchase: purchase, debtor: debtor, creditor: creditor, amount: 30)
        }
        // After the purchase exists, nobody can add a debt to it (not even its payer).
        try await rules.expect([
            ("bob", .set("debts/alice_gA1_dave", debt("alice_gA1", "dave", "bob")), .denied),
            ("carol", .set("debts/alice_gA1_bob", debt("alice_gA1", "bob", "carol")), .denied),
            ("bob", .set("debts/none_alice", debt("none", "alice", "bob")), .denied),
            ("anonymous", .set("debts/alice_gA1_carol2", debt("alice_gA1", "carol", "bob")), .denied),
        ])
    }

    @Test func update() async throws {
        try await rules.expect([
            // Either party lowers it, as many times as it gets paid.
            ("carol", .update(Self.debt, ["amount": 20.0]), .allowed),
            ("bob", .update(Self.debt, ["amount": 12.5]), .allowed),
            ("carol", .update(Self.debt, ["amount": 0.01]), .allowed),
        ])
        // Nobody else, the gift's owner included.
        try await rules.expect(.denied, .update(Self.debt, ["amount": 0.005]), as: ["alice", "dave", "anonymous"])
        // The gift's owner is refused from the id alone: a stored and a missing debt answer alike.
        let stored = try await assertFails { try await rules.alice.document(Self.debt).updateData(["amount": 0.005]) }
        let missing = try await assertFails {
            try await rules.alice.document("debts/alice_gA2_carol").updateData(["amount": 0.005])
        }
        #expect(stored.message == missing.message)
    }

    @Test func updateOnlyLowersTheAmount() async throws {
        let changes: [[String: Any]] = [
            ["amount": 31.0], ["amount": 30.0], ["amount": 0.0], ["amount": -1.0], ["amount": 10], ["amount": "10"],
            ["amount": 10.0, "creditor": "carol"], ["debtor": "bob"], ["creditor": "alice"], ["groupId": "g2"],
            ["purchase": "alice_gA2"], ["paid": true], ["amount": FieldValue.increment(5.0)],
        ]
        for change in changes { try await rules.expect(.denied, .update(Self.debt, change), as: ["carol", "bob"]) }
        try await rules.expect(.allowed, .update(Self.debt, ["amount": FieldValue.increment(-5.0)]), as: ["carol"])
        let stored = try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document(Self.debt).getDocument()
        }
        #expect(stored.get("amount") as? Double == 25)
    }

    @Test func delete() async throws {
        try await rules.expect(.denied, .delete(Self.debt), as: ["alice", "dave", "anonymous"])
        try await rules.expect(.allowed, .delete(Self.debt), as: ["carol"])
    }

    @Test func theCreditorResolvesToo() async throws {
        try await rules.expect(.allowed, .delete(Self.debt), as: ["bob"])
    }
}
