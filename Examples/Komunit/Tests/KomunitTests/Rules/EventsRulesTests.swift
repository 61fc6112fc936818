import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}/events/{id}`: members read (`MemberReadsRulesTests`); only the owner creates
/// and edits; nobody deletes.
@Suite("Rules matrix: events")
final class EventsRulesTests: RulesSuite {
    @Test func create() async throws {
        let event = RulesFixture.event(flexible: true, time: FieldValue.serverTimestamp())
        try await rules.expect(denied: [rules.bob, rules.carol, rules.anonymous]) {
            try await $0.document("groups/g1/events/e3").setData(event)
        }
        try await assertFails {
            try await rules.alice.document("groups/g1/events/e3").setData(RulesFixture.event(flexible: true))
        }
        // The place ("lugar", CU08) is required and a non-empty string.
        for place in ["", 5] as [Any] {
            var placed = event
            placed["placeName"] = place
            try await assertFails { try await rules.alice.document("groups/g1/events/e3").setData(placed) }
        }
        var nowhere = event
        nowhere.removeValue(forKey: "placeName")
        try await assertFails { try await rules.alice.document("groups/g1/events/e3").setData(nowhere) }
        try await assertFails {
            try await RulesFixture.unconfirmed("alice", in: rules.env).document("groups/g1/events/e3").setData(event)
        }
        try await assertSucceeds { try await rules.alice.document("groups/g1/events/e3").setData(event) }
    }

    @Test func update() async throws {
        try await rules.expect(denied: [rules.bob, rules.carol, rules.anonymous]) {
            try await $0.document("groups/g1/events/e1").updateData(["title": "Otro"])
        }
        try await assertFails { try await rules.alice.document("groups/g1/events/e1").updateData(["isFlexible": false]) }
        try await assertFails { try await rules.alice.document("groups/g1/events/e1").updateData(["title": ""]) }
        try await assertFails { try await rules.alice.document("groups/g1/events/e1").updateData(["placeName": ""]) }
        try await assertFails {
            try await rules.alice.document("groups/g1/events/e1").updateData(["placeName": FieldValue.delete()])
        }
        try await assertSucceeds { try await rules.alice.document("groups/g1/events/e1").updateData(["placeName": "Sala 2"]) }
        try await assertSucceeds { try await rules.alice.document("groups/g1/events/e1").updateData(["title": "Otro"]) }
    }

    @Test func delete() async throws {
        try await rules.expect(denied: rules.everyone) { try await $0.document("groups/g1/events/e1").delete() }
    }
}
