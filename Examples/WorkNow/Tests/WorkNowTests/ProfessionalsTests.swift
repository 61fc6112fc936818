import Hearth
import Testing
import WorkNow

/// Professionals of a trade within 1–100 km, ordered by average rating.
@Suite("Professionals")
struct ProfessionalsTests {
    @Test func professionalsInRangeByAverageRating() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let (ana, luis, marta) = try await fixture.anaLuisAndMarta()
        let eva = try await fixture.session(People.worker("Eva", at: People.alcala))
        let new = try await fixture.session(People.worker("Nuevo", at: People.chamberi))
        _ = try await fixture.session(People.worker("Jordi", at: People.barcelona))
        _ = try await fixture.session(People.worker("Pilar", at: People.sol, trades: [.fontaneria]))
        for (worker, stars) in [(luis, 3.0), (marta, 4.5), (eva, 5.0)] {
            let job = try await AcceptedJob.make(fixture, client: ana, worker: worker)
            try await ana.rate(job: job.requestID, stars: stars)
        }
        let near = try await ana.professionals(of: .electricista, withinKm: 10)
        #expect(near.map(\.uid) == [marta.uid, luis.uid, new.uid])
        #expect(near.map(\.averageRating) == [4.5, 3.0, nil])
        let wider = try await ana.professionals(of: .electricista, withinKm: 100)
        #expect(wider.map(\.uid) == [eva.uid, marta.uid, luis.uid, new.uid])
        #expect(wider[0].distanceKm > 25 && wider[0].distanceKm < 35)
        #expect(try await ana.professionals(of: .fontaneria, withinKm: 1).map(\.usuario.nombre) == ["Pilar"])
        let detail = try await ana.professionalDetail(of: marta.uid)
        #expect(detail.usuario.nombre == "Marta" && detail.averageRating == 4.5)
        #expect(detail.ratings.map(\.stars) == [4.5] && detail.ratings.first?.rater == ana.uid)
        await #expect(throws: WorkNowError.notAProfessional(uid: ana.uid)) { try await luis.professionalDetail(of: ana.uid) }
        await #expect(throws: WorkNowError.invalidRadius(0)) { try await ana.professionals(of: .limpieza, withinKm: 0) }
        await #expect(throws: WorkNowError.invalidRadius(100.5)) {
            try await ana.professionals(of: .limpieza, withinKm: 100.5)
        }
    }

    @Test func distancesAreGreatCircleKilometres() throws {
        let sol = try GeoPoint(latitude: People.sol.latitude, longitude: People.sol.longitude)
        let barcelona = try GeoPoint(latitude: People.barcelona.latitude, longitude: People.barcelona.longitude)
        #expect(abs(Distance.km(sol, barcelona) - 505) < 5)
        #expect(Distance.km(sol, sol) == 0)
    }
}
