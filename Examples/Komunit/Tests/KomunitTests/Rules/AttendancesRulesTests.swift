import Hearth
import HearthTesting
import Testing

/// `…/events/{id}/attendances/{uid}`: members read (`MemberReadsRulesTests`); each member joins or
/// leaves for themself; a window only on flexible events, start before end.
@Suite("Rules matrix: attendances")
final class AttendancesRulesTests: RulesSuite {
    static func at(_ hours: Int64) -> Timestamp { Timestamp(microseconds: (RulesFixture.time.seconds + hours * 3600) * 1_000_000) }

    @Test func create() async throws {
        let flexible = "groups/g1/events/e1/attendances/alice"
        try await assertFails { try await rules.bob.document(flexible).setData(["userId": "alice"]) }
        try await assertFails {
            try await rules.carol.document("groups/g1/events/e1/attendances/carol").setData(["userId": "carol"])
        }
        try await assertFails {
            try await rules.anonymous.document("groups/g1/events/e1/attendances/carol").setData(["userId": "carol"])
        }
        try await assertFails {
            try await rules.alice.document(flexible).setData(["userId": "alice", "preferredStart": Self.at(2), "preferredEnd": Self.at(1)])
        }
        try await assertFails { try await rules.alice.document(flexible).setData(["userId": "alice", "preferredStart": Self.at(2)]) }
        try await assertFails {
            try await rules.alice.document("groups/g1/events/e2/attendances/alice").setData([
                "userId": "alice", "preferredStart": Self.at(1), "preferredEnd": Self.at(2),
            ])
        }
        try await assertFails { try await rules.alice.document("groups/g1/events/e9/attendances/alice").setData(["userId": "alice"]) }
        try await assertSucceeds {
            try await rules.alice.document(flexible).setData(["userId": "alice", "preferredStart": Self.at(1), "preferredEnd": Self.at(2)])
        }
        try await assertSucceeds { try await rules.alice.document("groups/g1/events/e2/attendances/alice").setData(["userId": "alice"]) }
    }

    @Test func update() async throws {
        let bobs = "groups/g1/events/e1/attendances/bob"
        try await assertSucceeds {
            try await rules.bob.document(bobs).setData(["userId": "bob", "preferredStart": Self.at(1), "preferredEnd": Self.at(2)])
        }
        try await assertFails { try await rules.bob.document(bobs).updateData(["userId": "alice"]) }
        try await rules.expect(denied: [rules.alice, rules.carol, rules.anonymous]) {
            try await $0.document(bobs).updateData(["preferredEnd": Self.at(5)])
        }
    }

    @Test func delete() async throws {
        let bobs = "groups/g1/events/e1/attendances/bob"
        try await rules.expect(
            allowed: [rules.bob],
            denied: [rules.alice, rules.carol, rules.anonymous, rules.bobUnconfirmed]
        ) {
            try await $0.document(bobs).delete()
        }
    }
}
