import Hearth
import HearthTesting
import Testing

/// `debts/{purchaseId}_{debtor}`: read, lowered (RF5.1) and deleted by its two parties only (carol
/// owes bob 30 €); created only with its purchase; its amount never raised, nor set to 0 by an update.
@Suite("Rules matrix: debts")
struct DebtsRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.carol.document("debts/alice_gA1_carol").getDocument() }
        try await assertSucceeds { try await rules.bob.document("debts/alice_gA1_carol").getDocument() }
        try await assertFails { try await rules.alice.document("debts/alice_gA1_carol").getDocument() }
        try await assertFails { try await rules.dave.document("debts/alice_gA1_carol").getDocument() }
        try await assertFails { try await rules.anonymous.document("debts/alice_gA1_carol").getDocument() }
        // The gift's owner is refused from the id alone: a stored and a missing debt answer alike.
        let stored = try await assertFails { try await rules.alice.document("debts/alice_gA1_carol").getDocument() }
        let missing = try await assertFails { try await rules.alice.document("debts/alice_gA2_carol").getDocument() }
        #expect(stored.message == missing.message)
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let debts = { (db: Firestore) in db.collection("debts") }
        #expect(try await assertSucceeds {
            try await debts(rules.carol).whereField("debtor", isEqualTo: "carol").getDocuments()
        }.count == 1)
        #expect(try await assertSucceeds {
            try await debts(rules.bob).whereField("creditor", isEqualTo: "bob").getDocuments()
        }.count == 1)
        try await assertFails { try await debts(rules.alice).whereField("debtor", isEqualTo: "carol").getDocuments() }
        try await assertFails { try await debts(rules.carol).getDocuments() }
        try await assertFails { try await debts(rules.carol).whereField("groupId", isEqualTo: "g1").getDocuments() }
        try await assertFails {
            try await debts(rules.anonymous).whereField("debtor", isEqualTo: "carol").getDocuments()
        }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        // After the purchase exists, nobody can add a debt to it (not even its payer).
        try await assertFails {
            try await rules.bob.document("debts/alice_gA1_dave").setData(
                RulesFixture.debt(purchase: "alice_gA1", debtor: "dave", creditor: "bob", amount: 30))
        }
        try await assertFails {
            try await rules.carol.document("debts/alice_gA1_bob").setData(
                RulesFixture.debt(purchase: "alice_gA1", debtor: "bob", creditor: "carol", amount: 30))
        }
        try await assertFails {
            try await rules.bob.document("debts/none_alice").setData(
                RulesFixture.debt(purchase: "none", debtor: "alice", creditor: "bob", amount: 30))
        }
        try await assertFails {
            try await rules.anonymous.document("debts/alice_gA1_carol2").setData(
                RulesFixture.debt(purchase: "alice_gA1", debtor: "carol", creditor: "bob", amount: 30))
        }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let debt = { (db: Firestore) in db.document("debts/alice_gA1_carol") }
        // Either party lowers it, as many times as it gets paid.
        try await assertSucceeds { try await debt(rules.carol).updateData(["amount": 20.0]) }
        try await assertSucceeds { try await debt(rules.bob).updateData(["amount": 12.5]) }
        try await assertSucceeds { try await debt(rules.carol).updateData(["amount": 0.01]) }
        // Nobody else, the gift's owner included.
        for db in [rules.alice, rules.dave, rules.anonymous] {
            try await assertFails { try await debt(db).updateData(["amount": 0.005]) }
        }
        // The gift's owner is refused from the id alone: a stored and a missing debt answer alike.
        let stored = try await assertFails { try await debt(rules.alice).updateData(["amount": 0.005]) }
        let missing = try await assertFails {
            try await rules.alice.document("debts/alice_gA2_carol").updateData(["amount": 0.005])
        }
        #expect(stored.message == missing.message)
    }

    @Test func updateOnlyLowersTheAmount() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let debt = rules.carol.document("debts/alice_gA1_carol")
        for change: [String: Any] in [
            ["amount": 31.0], ["amount": 30.0], ["amount": 0.0], ["amount": -1.0], ["amount": 10], ["amount": "10"],
            ["amount": 10.0, "creditor": "carol"], ["debtor": "bob"], ["creditor": "alice"], ["groupId": "g2"],
            ["purchase": "alice_gA2"], ["paid": true],
        ] {
            try await assertFails { try await debt.updateData(change) }
            try await assertFails { try await rules.bob.document("debts/alice_gA1_carol").updateData(change) }
        }
        try await assertFails { try await debt.updateData(["amount": FieldValue.increment(5.0)]) }
        try await assertSucceeds { try await debt.updateData(["amount": FieldValue.increment(-5.0)]) }
        let stored = try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("debts/alice_gA1_carol").getDocument()
        }
        #expect(stored.get("amount") as? Double == 25)
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.alice.document("debts/alice_gA1_carol").delete() }
        try await assertFails { try await rules.dave.document("debts/alice_gA1_carol").delete() }
        try await assertFails { try await rules.anonymous.document("debts/alice_gA1_carol").delete() }
        try await assertSucceeds { try await rules.carol.document("debts/alice_gA1_carol").delete() }
    }

    @Test func theCreditorResolvesToo() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.bob.document("debts/alice_gA1_carol").delete() }
    }
}
