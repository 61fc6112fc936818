import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `Favoritos/<uid>_<adId>`: only `currentUser` reads and writes, with a consistent id, for an
/// ad that exists.
@Suite("Rules matrix: Favoritos")
final class FavoritosRulesTests: RulesSuite {
    @Test func get() async throws {
        try await assertSucceeds { try await rules.alice.document("Favoritos/alice_ad-bob").getDocument() }
        let missing = try await assertSucceeds {
            try await rules.alice.document("Favoritos/alice_ad-alice").getDocument()
        }
        #expect(!missing.exists)
        try await assertFails { try await rules.bob.document("Favoritos/alice_ad-bob").getDocument() }
        try await assertFails { try await rules.anonymous.document("Favoritos/alice_ad-bob").getDocument() }
    }

    @Test func list() async throws {
        let mine = try await assertSucceeds {
            try await rules.alice.collection("Favoritos").whereField("currentUser", isEqualTo: "alice").getDocuments()
        }
        #expect(mine.count == 1)
        try await assertFails { try await rules.alice.collection("Favoritos").getDocuments() }
        try await assertFails {
            try await rules.bob.collection("Favoritos").whereField("currentUser", isEqualTo: "alice").getDocuments()
        }
        try await assertFails {
            try await rules.bob.collection("Favoritos").whereField("anuncioID", isEqualTo: "ad-bob").getDocuments()
        }
    }

    @Test func create() async throws {
        try await assertSucceeds {
            try await rules.bob.document("Favoritos/bob_ad-alice").setData([
                "currentUser": "bob", "anuncioID": "ad-alice",
            ])
        }
        try await assertFails {
            try await rules.bob.document("Favoritos/alice_ad-alice").setData([
                "currentUser": "alice", "anuncioID": "ad-alice",
            ])
        }
        try await assertFails {
            try await rules.bob.document("Favoritos/bob_other").setData(["currentUser": "bob", "anuncioID": "ad-alice"])
        }
        try await assertFails {
            try await rules.bob.document("Favoritos/bob_ad-gone").setData([
                "currentUser": "bob", "anuncioID": "ad-gone",
            ])
        }
        try await assertFails {
            try await rules.bob.document("Favoritos/bob_ad-alice").setData([
                "currentUser": "bob", "anuncioID": "ad-alice", "note": "x",
            ])
        }
    }

    @Test func update() async throws {
        try await assertSucceeds {
            try await rules.alice.document("Favoritos/alice_ad-bob").setData([
                "currentUser": "alice", "anuncioID": "ad-bob",
            ])
        }
        try await assertFails {
            try await rules.alice.document("Favoritos/alice_ad-bob").updateData(["anuncioID": "ad-alice"])
        }
        try await assertFails {
            try await rules.bob.document("Favoritos/alice_ad-bob").updateData(["currentUser": "bob"])
        }
    }

    @Test func delete() async throws {
        try await assertFails { try await rules.bob.document("Favoritos/alice_ad-bob").delete() }
        try await assertSucceeds { try await rules.alice.document("Favoritos/alice_ad-bob").delete() }
    }
}
