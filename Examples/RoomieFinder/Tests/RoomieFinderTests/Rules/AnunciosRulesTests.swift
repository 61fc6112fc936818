import Foundation
import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `Anuncios/{id}`: signed-in users read; the owner creates (typed fields, server time),
/// updates (without changing `userID` or `creadoEn`) and deletes.
@Suite("Rules matrix: Anuncios")
final class AnunciosRulesTests: RulesSuite {
    @Test func get() async throws {
        try await assertSucceeds { try await rules.bob.document("Anuncios/ad-alice").getDocument() }
        try await assertFails { try await rules.anonymous.document("Anuncios/ad-alice").getDocument() }
    }

    @Test func list() async throws {
        let others = try await assertSucceeds {
            try await rules.alice.collection("Anuncios").whereField("userID", isNotEqualTo: "alice").getDocuments()
        }
        #expect(others.documents.map(\.documentID) == ["ad-bob"])
        try await assertFails { try await rules.anonymous.collection("Anuncios").getDocuments() }
    }

    @Test func create() async throws {
        let now = FieldValue.serverTimestamp()
        try await assertSucceeds {
            try await rules.carol.document("Anuncios/new").setData(RulesFixture.ad(owner: "carol", time: now))
        }
        try await assertFails {
            try await rules.carol.document("Anuncios/forged").setData(RulesFixture.ad(owner: "bob", time: now))
        }
        try await assertFails {
            try await rules.carol.document("Anuncios/clock").setData(RulesFixture.ad(owner: "carol", time: Timestamp()))
        }
        var noBudget = RulesFixture.ad(owner: "carol", time: now)
        noBudget["presupuesto"] = nil
        try await assertFails { try await rules.carol.document("Anuncios/nobudget").setData(noBudget) }
        var wordBudget = RulesFixture.ad(owner: "carol", time: now)
        wordBudget["presupuesto"] = "barato"
        try await assertFails { try await rules.carol.document("Anuncios/words").setData(wordBudget) }
        var noFlat = RulesFixture.ad(owner: "carol", time: now)
        noFlat["num_hab"] = NSNull()
        try await assertSucceeds { try await rules.carol.document("Anuncios/noflat").setData(noFlat) }
        try await assertFails {
            try await rules.anonymous.document("Anuncios/anon").setData(RulesFixture.ad(owner: "carol", time: now))
        }
    }

    @Test func update() async throws {
        try await assertSucceeds {
            try await rules.alice.document("Anuncios/ad-alice").updateData(["barrio": "Delicias"])
        }
        try await assertFails { try await rules.bob.document("Anuncios/ad-alice").updateData(["barrio": "Delicias"]) }
        try await assertFails { try await rules.alice.document("Anuncios/ad-alice").updateData(["userID": "bob"]) }
        try await assertFails {
            try await rules.alice.document("Anuncios/ad-alice").updateData(["creadoEn": FieldValue.serverTimestamp()])
        }
        try await assertFails { try await rules.alice.document("Anuncios/ad-alice").updateData(["num_hab": "muchas"]) }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("Anuncios/ad-alice").delete() }
        try await assertSucceeds { try await rules.alice.document("Anuncios/ad-alice").delete() }
    }
}
