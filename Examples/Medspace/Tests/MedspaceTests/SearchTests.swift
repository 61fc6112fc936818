import Medspace
import Testing

/// UC11 by speciality, UC12 by title words, UC13 by author user name.
@Suite("Search")
struct SearchTests {
    @Test func bySpecialityNewestFirst() async throws {
        let fixture = try await TestApp()
        let ana = try await fixture.member(.ana)
        _ = try await ana.createPost(.discussions, .discussion("Old"))
        _ = try await ana.createPost(.discussions, .migraine)
        _ = try await ana.createPost(.discussions, .discussion("New"))
        let family = try await ana.searchBySpeciality(.discussions, .familyMedicine)
        #expect(family.map(\.post.title) == ["New", "Old"])
        #expect(try await ana.searchBySpeciality(.discussions, .urology).isEmpty)
        await fixture.close()
    }

    @Test func byTitleWordsIgnoringCaseAndAccents() async throws {
        let fixture = try await TestApp()
        let ana = try await fixture.member(.ana)
        _ = try await ana.createPost(.cases, .chestPain)
        _ = try await ana.createPost(.discussions, .discussion("Cardiología pediátrica"))
        _ = try await ana.createPost(.discussions, .discussion("Neumología"))
        _ = try await ana.createPost(.discussions, .discussion("Cardiologia y ejercicio"))
        #expect(try await ana.searchByTitle(.cases, "cardiologia").map(\.post.title) == ["Dolor torácico en Cardiología"])
        #expect(
            try await ana.searchByTitle(.discussions, "CARDIOLOGÍA").map(\.post.title)
                == ["Cardiologia y ejercicio", "Cardiología pediátrica"])
        #expect(
            try await ana.searchByTitle(.discussions, "neumologia, pediatrica").map(\.post.title)
                == ["Neumología", "Cardiología pediátrica"])
        #expect(try await ana.searchByTitle(.discussions, "dermatología").isEmpty)
        await #expect(throws: MedspaceError.missingField("search")) { _ = try await ana.searchByTitle(.cases, " ¿? ") }
        await fixture.close()
    }

    @Test func byAuthorUsernameCaseInsensitively() async throws {
        let fixture = try await TestApp()
        let ana = try await fixture.member(.ana)
        let luis = try await fixture.member(.luis)
        _ = try await ana.createPost(.discussions, .discussion("By Ana"))
        _ = try await luis.createPost(.discussions, .discussion("By Luis"))
        _ = try await ana.createPost(.discussions, .discussion("By Ana again"))
        let found = try await luis.searchByAuthor(.discussions, "dranasosa")
        #expect(found.map(\.post.title) == ["By Ana again", "By Ana"])
        #expect(try await luis.searchByAuthor(.discussions, " LUISMEDINA ").map(\.post.title) == ["By Luis"])
        #expect(try await luis.searchByAuthor(.discussions, "nobody").isEmpty)
        #expect(try await luis.searchByAuthor(.discussions, "a/b").isEmpty)
        await fixture.close()
    }
}
