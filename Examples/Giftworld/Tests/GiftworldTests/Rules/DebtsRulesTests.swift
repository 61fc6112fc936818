import Hearth
import HearthTesting
import Testing

/// `debts/{purchaseId}_{debtor}`: read and deleted by its two parties only (carol owes bob);
/// created only with its purchase; never updated.
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
        for db in [rules.alice, rules.bob, rules.carol, rules.dave, rules.anonymous] {
            try await assertFails { try await db.document("debts/alice_gA1_carol").updateData(["amount": 1.0]) }
        }
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
