import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `users/{uid}`: signed-in users read; the owner creates (zeroed counters, own email) and edits,
/// never nombre, apellidos, email or the rating counters; nobody deletes.
@Suite("Rules matrix: users")
struct UsersRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("users/alice").getDocument() }
        try await assertSucceeds { try await rules.carol.document("users/alice").getDocument() }
        try await assertFails { try await rules.anonymous.document("users/alice").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let found = try await assertSucceeds {
            try await rules.alice.collection("users").whereField("trades", arrayContains: "Electricista").getDocuments()
        }
        #expect(found.documents.map(\.documentID) == ["alice", "bobby", "carol"])
        try await assertFails { try await rules.anonymous.collection("users").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let erika = try rules.env.authenticatedContext("erika", claims: ["email": "erika@test.es"])
        try await assertFails { try await erika.document("users/other").setData(try RulesFixture.profile("erika")) }
        var inflated = try RulesFixture.profile("erika")
        inflated["ratingSum"] = 50.0
        inflated["ratingCount"] = 10
        try await assertFails { try await erika.document("users/erika").setData(inflated) }
        var otherEmail = try RulesFixture.profile("erika")
        otherEmail["email"] = "alice@test.es"
        try await assertFails { try await erika.document("users/erika").setData(otherEmail) }
        var badTrade = try RulesFixture.profile("erika")
        badTrade["trades"] = ["Astronauta"]
        try await assertFails { try await erika.document("users/erika").setData(badTrade) }
        var farRadius = try RulesFixture.profile("erika")
        farRadius["radiusKm"] = 500.0
        try await assertFails { try await erika.document("users/erika").setData(farRadius) }
        try await assertFails {
            try await rules.anonymous.document("users/erika").setData(try RulesFixture.profile("erika"))
        }
        try await assertSucceeds { try await erika.document("users/erika").setData(try RulesFixture.profile("erika")) }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let bobby = rules.bobby.document("users/bobby")
        try await assertSucceeds {
            try await bobby.updateData(["trades": ["Electricista", "Limpieza"], "radiusKm": 20.0])
        }
        for immutable in ["nombre", "apellidos", "email"] {
            try await assertFails { try await bobby.updateData([immutable: "Cambiado"]) }
        }
        try await assertFails { try await bobby.updateData(["ratingSum": 25.0, "ratingCount": 5]) }
        try await assertFails { try await bobby.updateData(["lastRatingId": "req-done_alice"]) }
        try await assertFails { try await bobby.updateData(["radiusKm": 0.0]) }
        try await assertFails { try await bobby.updateData(["intruso": true]) }
        try await assertSucceeds { try await bobby.updateData(["telefono": "+34600111222"]) }
        try await assertFails { try await bobby.updateData(["telefono": "600 11"]) }
        try await assertFails { try await bobby.updateData(["telefono": 600_111_222]) }
        try await assertSucceeds { try await bobby.updateData(["telefono": FieldValue.delete()]) }
        try await assertFails { try await rules.carol.document("users/bobby").updateData(["radiusKm": 20.0]) }
        try await assertFails { try await rules.anonymous.document("users/bobby").updateData(["radiusKm": 20.0]) }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.bobby.document("users/bobby").delete() }
        try await assertFails { try await rules.carol.document("users/bobby").delete() }
        try await assertFails { try await rules.anonymous.document("users/bobby").delete() }
    }
}
