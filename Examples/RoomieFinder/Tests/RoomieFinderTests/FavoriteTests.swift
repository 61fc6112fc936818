import Hearth
import RoomieFinder
import Testing

/// CU-07: marking and unmarking an ad as favourite.
@Suite("Favourites")
final class FavoriteTests: AppSuite {
    @Test func togglingAddsThenRemovesOneDocumentPerUserAndAd() async throws {
        let lucia = try await fixture.member(.lucia)
        let marcos = try await fixture.member(.marcos)
        let id = try #require(try await lucia.createAd(.centro).id)

        #expect(try await marcos.toggleFavorite(id))
        #expect(try await marcos.isFavorite(id))
        let admin = try fixture.adminView()
        defer { admin.close() }
        let stored = try await admin.document("Favoritos/\(marcos.uid)_\(id)").getDocument()
        #expect(stored.get("currentUser") as? String == marcos.uid)
        #expect(stored.get("anuncioID") as? String == id)
        #expect(try await !lucia.isFavorite(id))

        #expect(try await !marcos.toggleFavorite(id))
        #expect(try await !marcos.isFavorite(id))
        #expect(try await fixture.app.statistics().favorites == 0)
    }

    @Test func aMissingAdCannotBeMarked() async throws {
        let marcos = try await fixture.member(.marcos)
        await #expect(throws: RoomieFinderError.adNotFound(id: "gone")) { try await marcos.toggleFavorite("gone") }
        await #expect(throws: RoomieFinderError.adNotFound(id: "")) { try await marcos.toggleFavorite("") }
        #expect(try await fixture.app.statistics().favorites == 0)
    }
}
