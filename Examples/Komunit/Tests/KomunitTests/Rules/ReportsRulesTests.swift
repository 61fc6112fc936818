import Hearth
import HearthTesting
import Testing

/// `reports/{id}`: any confirmed user creates one as themself, about an existing group, or a message
/// or event of a group they belong to; no client reads, changes or deletes a report.
@Suite("Rules matrix: reports")
final class ReportsRulesTests: RulesSuite {
    /// A report by `reporter` about `target`, stamped with the commit time.
    static func report(by reporter: String, about target: String, reason: Any = "Spam") -> [String: Any] {
        ["reporterId": reporter, "target": target, "reason": reason, "createdAt": FieldValue.serverTimestamp()]
    }

    @Test func getAndList() async throws {
        // Not even the reporter (bob) reads a report back: the reviewers work outside the app.
        let clients = rules.everyone + [rules.dora]
        try await rules.expect(denied: clients) { _ = try await $0.document("reports/r1").getDocument() }
        try await rules.expect(denied: clients) { _ = try await $0.collection("reports").getDocuments() }
        try await rules.expect(denied: clients) {
            _ = try await $0.collection("reports").whereField("reporterId", isEqualTo: "bob").getDocuments()
        }
    }

    @Test func create() async throws {
        let reports = { (db: Firestore) in db.collection("reports").document() }
        // A group: anyone confirmed sees it, so anyone confirmed reports it.
        try await assertSucceeds { try await reports(rules.carol).setData(Self.report(by: "carol", about: "groups/g1")) }
        // A message or event: members only.
        try await assertSucceeds { try await reports(rules.bob).setData(Self.report(by: "bob", about: "groups/g1/messages/m1")) }
        try await assertSucceeds { try await reports(rules.bob).setData(Self.report(by: "bob", about: "groups/g1/events/e1")) }
        try await assertFails { try await reports(rules.carol).setData(Self.report(by: "carol", about: "groups/g1/messages/m1")) }
        try await assertFails { try await reports(rules.carol).setData(Self.report(by: "carol", about: "groups/g1/events/e1")) }
        // As themself only, confirmed, signed in.
        try await assertFails { try await reports(rules.bob).setData(Self.report(by: "alice", about: "groups/g1")) }
        try await assertFails { try await reports(rules.dora).setData(Self.report(by: "dora", about: "groups/g1")) }
        try await assertFails { try await reports(rules.bobUnconfirmed).setData(Self.report(by: "bob", about: "groups/g1")) }
        try await assertFails { try await reports(rules.anonymous).setData(Self.report(by: "carol", about: "groups/g1")) }
        // About an existing group, message or event, nothing else.
        for target in ["groups/g9", "groups/g1/messages/m9", "groups/g1/events/e9", "users/alice", "memberships/g1_bob",
                       "groups/g1/events/e1/attendances/bob", "groups/g1/", "/groups/g1"] {
            try await assertFails { try await reports(rules.bob).setData(Self.report(by: "bob", about: target)) }
        }
        // A reason, the commit time, and no other field.
        try await assertFails { try await reports(rules.bob).setData(Self.report(by: "bob", about: "groups/g1", reason: "")) }
        try await assertFails { try await reports(rules.bob).setData(Self.report(by: "bob", about: "groups/g1", reason: 3)) }
        try await assertFails {
            try await reports(rules.bob).setData(
                Self.report(by: "bob", about: "groups/g1", reason: String(repeating: "x", count: 1001)))
        }
        var backdated = Self.report(by: "bob", about: "groups/g1")
        backdated["createdAt"] = RulesFixture.time
        try await assertFails { try await reports(rules.bob).setData(backdated) }
        var extra = Self.report(by: "bob", about: "groups/g1")
        extra["status"] = "resolved"
        try await assertFails { try await reports(rules.bob).setData(extra) }
    }

    @Test func updateAndDelete() async throws {
        try await rules.expect(denied: rules.everyone) { try await $0.document("reports/r1").updateData(["reason": "Nada"]) }
        try await rules.expect(denied: rules.everyone) { try await $0.document("reports/r1").delete() }
        try await rules.expect(denied: rules.everyone) {
            try await $0.document("reports/r1").setData(Self.report(by: "bob", about: "groups/g1"))
        }
    }
}
