import Hearth
import RoomieFinder
import Testing

/// CU-05 (list ads), CU-06 (filter ads) and CU-08 (publisher info).
@Suite("Search")
struct SearchTests {
    /// Lucía, Marcos and Sara, each with one ad (Centro, Parquesol, Delicias, in that order).
    struct World {
        let fixture: TestApp
        let lucia: UserSession
        let marcos: UserSession
        let sara: UserSession
        let centro: Anuncio
        let parquesol: Anuncio
        let delicias: Anuncio

        init() async throws {
            fixture = try await TestApp()
            lucia = try await fixture.member(.lucia)
            marcos = try await fixture.member(.marcos)
            sara = try await fixture.member(.sara)
            centro = try await lucia.createAd(.centro)
            parquesol = try await marcos.createAd(.parquesol)
            delicias = try await sara.createAd(.delicias)
        }

        /// The neighbourhoods `session` finds with `filter`.
        func barrios(_ session: UserSession, _ filter: AdFilter) async throws -> [String] {
            try await session.searchAds(filter).listings.map(\.anuncio.barrio)
        }
    }

    @Test func listingShowsEveryoneElsesAdsNewestFirstWithTheirPublishers() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        let listings = try await world.marcos.listAds()
        #expect(listings.map(\.anuncio.barrio) == ["Delicias", "Centro"])
        #expect(listings.map(\.publisher.nombre) == ["Sara", "Lucía"])
        #expect(listings.allSatisfy { !$0.isFavorite })
        let search = try await world.marcos.searchAds(AdFilter())
        #expect(search.serverSide == ["Anuncios.userID != me"])
    }

    @Test func adsWhosePublisherLostTheProfileAreLeftOut() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        let admin = try world.fixture.adminView()
        defer { admin.close() }
        try await admin.document("Perfiles/\(world.sara.uid)").delete()
        #expect(try await world.marcos.listAds().map(\.anuncio.barrio) == ["Centro"])
    }

    @Test func profileFiltersRunInTheStore() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        var women = AdFilter()
        women.sexes = [.woman]
        let result = try await world.marcos.searchAds(women)
        #expect(result.listings.map(\.anuncio.barrio) == ["Delicias", "Centro"])
        #expect(result.serverSide == ["Perfiles.sexo == \"mujer\"", "Anuncios.userID in [2 matching publishers]"])

        var quietNonSmokers = AdFilter()
        quietNonSmokers.smoking = [false]
        quietNonSmokers.atmospheres = [.quiet]
        #expect(try await world.barrios(world.sara, quietNonSmokers) == ["Centro"])

        var workersWhoParty = AdFilter()
        workersWhoParty.working = [true]
        workersWhoParty.partying = [true]
        #expect(try await world.barrios(world.lucia, workersWhoParty) == ["Parquesol"])

        var students = AdFilter()
        students.working = [false]
        #expect(try await world.barrios(world.lucia, students) == ["Delicias"])
        var men = AdFilter()
        men.sexes = [.man]
        #expect(try await world.barrios(world.marcos, men).isEmpty)
    }

    @Test func thePublisherMustSpeakEveryChosenLanguage() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        var englishAndFrench = AdFilter()
        englishAndFrench.languages = [.english, .french]
        let result = try await world.marcos.searchAds(englishAndFrench)
        #expect(result.listings.map(\.publisher.nombre) == ["Sara"])
        #expect(result.serverSide.first == "Perfiles.idiomas array-contains \"frances\"")
        #expect(result.inMemory.contains("Perfiles.idiomas contains \"ingles\""))

        var english = AdFilter()
        english.languages = [.english]
        #expect(try await world.barrios(world.marcos, english) == ["Delicias", "Centro"])

        var all = AdFilter()
        all.languages = Set(Language.allCases)
        #expect(try await world.barrios(world.marcos, all).isEmpty)
    }

    @Test func flatAndBudgetAreFilteredInMemory() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        var withFlat = AdFilter()
        withFlat.flat = [true]
        let flats = try await world.marcos.searchAds(withFlat)
        #expect(flats.listings.map(\.anuncio.barrio) == ["Delicias", "Centro"])
        #expect(flats.inMemory.contains("Anuncios.num_hab is set"))
        var withoutFlat = AdFilter()
        withoutFlat.flat = [false]
        #expect(try await world.barrios(world.lucia, withoutFlat) == ["Parquesol"])

        var cheap = AdFilter()
        cheap.maxBudget = 300
        let affordable = try await world.lucia.searchAds(cheap)
        #expect(affordable.listings.map(\.anuncio.barrio) == ["Delicias"])
        #expect(affordable.inMemory.contains("Anuncios.presupuesto <= 300 (parsed as a number)"))
        cheap.maxBudget = 1000
        #expect(try await world.barrios(world.lucia, cheap) == ["Delicias", "Parquesol"])
        cheap.maxBudget = 0
        #expect(try await world.barrios(world.lucia, cheap) == ["Delicias", "Parquesol"])
    }

    @Test func favoritesOnlyKeepsTheMarkedAds() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        try await world.marcos.toggleFavorite(try #require(world.centro.id))
        var favorites = AdFilter()
        favorites.favoritesOnly = true
        let result = try await world.marcos.searchAds(favorites)
        #expect(result.listings.map(\.anuncio.barrio) == ["Centro"])
        #expect(result.listings.allSatisfy { $0.isFavorite })
        #expect(result.serverSide.contains("Favoritos.currentUser == me"))
        favorites.sexes = [.woman]
        favorites.flat = [true]
        #expect(try await world.barrios(world.marcos, favorites) == ["Centro"])
        #expect(try await world.marcos.listAds().map(\.isFavorite) == [false, true])
    }

    @Test(arguments: ["sexo", "fumar", "fiesta", "trabaja", "ambiente", "piso", "presupuesto"])
    func tickingEveryOptionOfACategoryIsAFilterError(category: String) async throws {
        let world = try await World()
        defer { world.fixture.close() }
        var filter = AdFilter()
        switch category {
        case "sexo": filter.sexes = Set(Sex.allCases)
        case "fumar": filter.smoking = [true, false]
        case "fiesta": filter.partying = [true, false]
        case "trabaja": filter.working = [true, false]
        case "ambiente": filter.atmospheres = Set(Atmosphere.allCases)
        case "piso": filter.flat = [true, false]
        default: filter.maxBudget = -1
        }
        await #expect(throws: RoomieFinderError.invalidFilters(category: category)) {
            try await world.marcos.searchAds(filter)
        }
        #expect(RoomieFinderError.invalidFilters(category: category).alertMessage == "Error en filtros")
    }

    @Test func refreshingClearsEveryFilterButFavorites() {
        var filter = AdFilter()
        filter.sexes = [.woman]
        filter.languages = [.english]
        filter.maxBudget = 400
        filter.favoritesOnly = true
        var expected = AdFilter()
        expected.favoritesOnly = true
        #expect(filter.refreshed() == expected)
        filter.favoritesOnly = false
        #expect(filter.refreshed() == AdFilter())
    }

    @Test func manyMatchingPublishersFallBackToAnInMemoryJoin() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        let admin = try world.fixture.adminView()
        defer { admin.close() }
        for index in 0..<31 {
            let uid = "seeded\(index)"
            try await admin.document("Perfiles/\(uid)").setData([
                "userID": uid, "nombre": "N\(index)", "apellido": "A", "fnac": "2000-01-01", "sexo": "mujer",
            ])
            try await admin.document("Anuncios/ad\(index)").setData([
                "userID": uid, "barrio": "Rondilla", "tiempoEstancia": "1 mes", "presupuesto": "200",
                "creadoEn": FieldValue.serverTimestamp(),
            ])
        }
        var women = AdFilter()
        women.sexes = [.woman]
        let result = try await world.marcos.searchAds(women)
        #expect(result.listings.count == 33)
        #expect(result.serverSide.contains("Anuncios.userID != me"))
        #expect(result.inMemory.contains { $0.hasPrefix("Anuncios.userID is one of 33 matching publishers") })
    }

    @Test func publisherInfoIsTheAdOwnersProfile() async throws {
        let world = try await World()
        defer { world.fixture.close() }
        let publisher = try await world.marcos.publisher(ofAd: try #require(world.centro.id))
        #expect(publisher.userID == world.lucia.uid && publisher.nombre == "Lucía" && publisher.isComplete)
        await #expect(throws: RoomieFinderError.adNotFound(id: "nope")) {
            try await world.marcos.publisher(ofAd: "nope")
        }
        await #expect(throws: RoomieFinderError.adNotFound(id: "a/b")) { try await world.marcos.publisher(ofAd: "a/b") }
    }
}
