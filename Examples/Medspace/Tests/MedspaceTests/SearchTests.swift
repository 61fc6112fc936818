import Medspace
import Testing

/// UC11 by speciality, UC12 by title words, UC13 by author user name — each over the list on
/// screen: every post of a kind (UC4) or the user's own (UC5).
@Suite("Search")
struct SearchTests {
    @Test func bySpecialityNewestFirst() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        _ = try await ana.createPost(.discussions, .discussion("Old"))
        _ = try await ana.createPost(.discussions, .migraine)
        _ = try await luis.createPost(.discussions, .discussion("By Luis"))
        _ = try await ana.createPost(.discussions, .discussion("New"))
        #expect(try await ana.searchBySpeciality(.discussions, .familyMedicine).map(\.post.title) == ["New", "By Luis", "Old"])
        #expect(try await ana.searchBySpeciality(.discussions, .familyMedicine, in: .mine).map(\.post.title) == ["New", "Old"])
        #expect(try await luis.searchBySpeciality(.discussions, .familyMedicine, in: .mine).map(\.post.title) == ["By Luis"])
        #expect(try await ana.searchBySpeciality(.discussions, .neurology).map(\.post.title) == ["Migraine treatment options"])
        #expect(try await luis.searchBySpeciality(.discussions, .neurology, in: .mine).isEmpty)
        #expect(try await ana.searchBySpeciality(.discussions, .urology).isEmpty)
        #expect(try await ana.searchBySpeciality(.cases, .familyMedicine).isEmpty)
        await fixture.close()
    }

    @Test func byTitleEveryWordAnywhereIgnoringCaseAndAccents() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        _ = try await ana.createPost(.cases, .chestPain)
        _ = try await ana.createPost(.discussions, .discussion("Cardiología pediátrica"))
        _ = try await ana.createPost(.discussions, .discussion("Neumología"))
        _ = try await ana.createPost(.discussions, .discussion("Cardiologia y ejercicio"))
        _ = try await ana.createPost(.discussions, .discussion("Ejercicio y CARDIOLOGÍA pediátrica"))
        func titles(_ text: String, _ kind: PostKind = .discussions) async throws -> [String] {
            try await ana.searchByTitle(kind, text).map(\.post.title)
        }
        let all = ["Ejercicio y CARDIOLOGÍA pediátrica", "Cardiologia y ejercicio", "Cardiología pediátrica"]
        #expect(try await titles("cardiologia") == all)
        #expect(try await titles("CARDIOLOGÍA") == all)
        #expect(try await titles("Cardiología cardiologia") == all)
        // Every word typed, in any order, anywhere in the title.
        #expect(try await titles("pediatrica cardiologia") == ["Ejercicio y CARDIOLOGÍA pediátrica", "Cardiología pediátrica"])
        #expect(try await titles("y cardiologia") == ["Ejercicio y CARDIOLOGÍA pediátrica", "Cardiologia y ejercicio"])
        #expect(try await titles("¿Ejercicio, cardiología… pediátrica?") == ["Ejercicio y CARDIOLOGÍA pediátrica"])
        #expect(try await titles("neumologia, pediatrica").isEmpty)
        #expect(try await titles("Neumología") == ["Neumología"])
        // Whole words only, and only the kind searched.
        #expect(try await titles("cardio").isEmpty)
        #expect(try await titles("pediatric").isEmpty)
        #expect(try await titles("dermatología").isEmpty)
        #expect(try await titles("cardiologia", .cases) == ["Dolor torácico en Cardiología"])
        #expect(try await titles("torácico DOLOR", .cases) == ["Dolor torácico en Cardiología"])
        #expect(try await titles("cardiologia", .researches).isEmpty)
        await #expect(throws: MedspaceError.missingField("search")) { _ = try await ana.searchByTitle(.cases, " ¿? ") }
        await fixture.close()
    }

    @Test func byTitleInMyPosts() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await fixture.discussions(
            [(ana, "Cardiología pediátrica"), (luis, "Cardiología del deporte"), (ana, "Cardiologia y deporte")])
        #expect(
            try await ana.searchByTitle(.discussions, "cardiologia").map(\.post.title)
                == ["Cardiologia y deporte", "Cardiología del deporte", "Cardiología pediátrica"])
        #expect(
            try await ana.searchByTitle(.discussions, "cardiologia", in: .mine).map(\.post.title)
                == ["Cardiologia y deporte", "Cardiología pediátrica"])
        #expect(try await ana.searchByTitle(.discussions, "deporte", in: .mine).map(\.post.title) == ["Cardiologia y deporte"])
        #expect(try await luis.searchByTitle(.discussions, "deporte", in: .mine).map(\.post.title) == ["Cardiología del deporte"])
        #expect(try await luis.searchByTitle(.discussions, "pediatrica", in: .mine).isEmpty)
        await fixture.close()
    }

    @Test func byAuthorUsernameCaseInsensitively() async throws {
        let (fixture, ana, luis) = try await TestApp.withAnaAndLuis()
        try await fixture.discussions([(ana, "By Ana"), (luis, "By Luis"), (ana, "By Ana again")])
        let found = try await luis.searchByAuthor(.discussions, "dranasosa")
        #expect(found.map(\.post.title) == ["By Ana again", "By Ana"])
        #expect(found.map(\.authorUsername) == ["DrAnaSosa", "DrAnaSosa"])
        #expect(try await luis.searchByAuthor(.discussions, " LUISMEDINA ").map(\.post.title) == ["By Luis"])
        // The user name, whole: not the full name, nor part of the name.
        #expect(try await luis.searchByAuthor(.discussions, "Ana Sosa").isEmpty)
        #expect(try await luis.searchByAuthor(.discussions, "DrAna").isEmpty)
        #expect(try await luis.searchByAuthor(.discussions, "nobody").isEmpty)
        #expect(try await luis.searchByAuthor(.discussions, "a/b").isEmpty)
        #expect(try await luis.searchByAuthor(.cases, "dranasosa").isEmpty)
        // In "My posts" only the user's own name finds anything.
        #expect(try await ana.searchByAuthor(.discussions, "DRANASOSA", in: .mine).map(\.post.title) == ["By Ana again", "By Ana"])
        #expect(try await luis.searchByAuthor(.discussions, "dranasosa", in: .mine).isEmpty)
        await #expect(throws: MedspaceError.missingField("search")) { _ = try await luis.searchByAuthor(.discussions, "  ") }
        await fixture.close()
    }
}
