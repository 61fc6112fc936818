import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `users/{uid}`: signed-in users read; the owner creates (zeroed counters, own email) and edits,
/// never nombre, apellidos, email or the rating counters; nobody deletes.
@Suite("Rules matrix: users")
final class UsersRulesTests: RulesSuite {
    @Test func get() async throws {
        try await rules.expect(allowed: [rules.alice, rules.carol], denied: [rules.anonymous]) {
            try await $0.document("users/alice").getDocument()
        }
    }

    @Test func list() async throws {
        let found = try await assertSucceeds {
            try await rules.alice.collection("users").whereField("trades", arrayContains: "Electricista").getDocuments()
        }
        #expect(found.documents.map(\.documentID) == ["alice", "bobby", "carol"])
        try await assertFails { try await rules.anonymous.collection("users").getDocuments() }
    }

    @Test func create() async throws {
        let erika = try rules.env.authenticatedContext("erika", claims: ["email": "erika@test.es"])
        try await assertFails { try await erika.document("users/other").setData(try RulesFixture.profile("erika")) }
        // Inflated counters, another's email, an unknown trade, a radius beyond 100 km.
        let changes: [[String: Any]] = [
            ["ratingSum": 50.0, "ratingCount": 10], ["email": "alice@test.es"], ["trades": ["Astronauta"]],
            ["radiusKm": 500.0],
        ]
        try await rules.expectRefused(changes) { change in
            let profile = try RulesFixture.profile("erika").merging(change) { $1 }
            try await erika.document("users/erika").setData(profile)
        }
        try await assertFails {
            try await rules.anonymous.document("users/erika").setData(try RulesFixture.profile("erika"))
        }
        try await assertSucceeds { try await erika.document("users/erika").setData(try RulesFixture.profile("erika")) }
    }

    @Test func update() async throws {
        let bobby = rules.bobby.document("users/bobby")
        try await assertSucceeds {
            try await bobby.updateData(["trades": ["Electricista", "Limpieza"], "radiusKm": 20.0])
        }
        for immutable in ["nombre", "apellidos", "email"] {
            try await assertFails { try await bobby.updateData([immutable: "Cambiado"]) }
        }
        let refused: [[String: Any]] = [
            ["ratingSum": 25.0, "ratingCount": 5], ["lastRatingId": "req-done_alice"], ["radiusKm": 0.0], ["intruso": true],
        ]
        try await rules.expectRefused(refused) { try await bobby.updateData($0) }
        try await assertSucceeds { try await bobby.updateData(["telefono": "+34600111222"]) }
        try await rules.expectRefused(["600 11", 600_111_222] as [Any]) { try await bobby.updateData(["telefono": $0]) }
        try await assertSucceeds { try await bobby.updateData(["telefono": FieldValue.delete()]) }
        try await rules.expect(denied: [rules.carol, rules.anonymous]) {
            try await $0.document("users/bobby").updateData(["radiusKm": 20.0])
        }
    }

    @Test func delete() async throws {
        try await rules.expect(denied: [rules.bobby, rules.carol, rules.anonymous]) {
            try await $0.document("users/bobby").delete()
        }
    }
}
