import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `Perfiles/{uid}`: signed-in users read; only the owner writes, with `userID == uid`.
@Suite("Rules matrix: Perfiles")
final class PerfilesRulesTests: RulesSuite {
    @Test func get() async throws {
        try await assertSucceeds { try await rules.bob.document("Perfiles/alice").getDocument() }
        try await assertFails { try await rules.anonymous.document("Perfiles/alice").getDocument() }
    }

    @Test func list() async throws {
        try await assertSucceeds {
            try await rules.alice.collection("Perfiles").whereField("sexo", isEqualTo: "mujer").getDocuments()
        }
        try await assertFails { try await rules.anonymous.collection("Perfiles").getDocuments() }
    }

    @Test func create() async throws {
        try await assertSucceeds {
            try await rules.carol.document("Perfiles/carol").setData(RulesFixture.profile("carol", "Carol"))
        }
        try await assertFails {
            try await rules.carol.document("Perfiles/dave").setData(RulesFixture.profile("dave", "Dave"))
        }
        try await assertFails {
            try await rules.carol.document("Perfiles/carol").setData(RulesFixture.profile("alice", "Carol"))
        }
        var missingSurname = RulesFixture.profile("carol", "Carol")
        missingSurname["apellido"] = nil
        try await assertFails { try await rules.carol.document("Perfiles/carol").setData(missingSurname) }
        var unknownField = RulesFixture.profile("carol", "Carol")
        unknownField["admin"] = true
        try await assertFails { try await rules.carol.document("Perfiles/carol").setData(unknownField) }
        try await assertFails {
            try await rules.anonymous.document("Perfiles/carol").setData(RulesFixture.profile("carol", "Carol"))
        }
    }

    @Test func update() async throws {
        try await assertSucceeds {
            try await rules.alice.document("Perfiles/alice").updateData([
                "estudios": "Medicina", "trabaja": false, "idiomas": ["español", "ingles"], "sexo": "mujer",
                "tipoPersona": "tranquilo", "ambiente": "tranquilo", "fumar": false, "fiesta": true,
                "urlImage": "images/alice.jpg",
            ])
        }
        try await assertFails { try await rules.bob.document("Perfiles/alice").updateData(["descripcion": "hacked"]) }
        try await assertFails { try await rules.alice.document("Perfiles/alice").updateData(["userID": "bob"]) }
        try await assertFails { try await rules.alice.document("Perfiles/alice").updateData(["fumar": "no"]) }
        try await assertFails { try await rules.alice.document("Perfiles/alice").updateData(["sexo": "otro"]) }
        try await assertFails { try await rules.alice.document("Perfiles/alice").updateData(["idiomas": ["klingon"]]) }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("Perfiles/alice").delete() }
        try await assertSucceeds { try await rules.alice.document("Perfiles/alice").delete() }
    }
}
