import Foundation
import Hearth
import WorkNow

/// A WorkNow on a fresh temporary directory with fast (test-only) password hashing and
/// `requireIndexes` on. Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: WorkNow

    init() async throws {
        directory = NSTemporaryDirectory() + "worknow-tests-" + UUID().uuidString
        app = try await WorkNow(
            directory: directory,
            configuration: WorkNowConfiguration(
                projectID: "test-worknow", passwordIterations: 8, durability: .none, requireIndexes: true))
    }

    /// Registers `form` and enters the app.
    func session(_ form: RegistrationForm) async throws -> UserSession {
        let account = try await app.register(form)
        return try await app.enterApp(as: account)
    }

    /// A client at Puerta del Sol (Madrid) with a numbered email.
    func client(_ number: Int = 0) async throws -> UserSession {
        try await session(People.client(number))
    }

    /// Luis, an electrician at Chamberí (about 2 km from Sol), 10 km radius.
    func luis() async throws -> UserSession {
        try await session(People.worker("Luis", at: People.chamberi))
    }

    /// Marta, an electrician at Sol, 10 km radius.
    func marta() async throws -> UserSession {
        try await session(People.worker("Marta", at: People.sol))
    }

    /// The usual pair, registered in this order: Ana (client 0) and Luis.
    func anaAndLuis() async throws -> (UserSession, UserSession) {
        (try await client(), try await luis())
    }

    /// The usual three, registered in this order: Ana (client 0), Luis and Marta.
    func anaLuisAndMarta() async throws -> (UserSession, UserSession, UserSession) {
        (try await client(), try await luis(), try await marta())
    }

    /// Ana (client 0) and four workers around her: Luis (electrician, Chamberí, 2 km), Eva
    /// (electrician, Alcalá, 30 km), Pilar (plumber, Chamberí) and Jordi (electrician, Barcelona,
    /// 100 km radius), registered in this order.
    func anaAndFourWorkers() async throws -> (
        ana: UserSession, near: UserSession, alcala: UserSession, plumber: UserSession, far: UserSession
    ) {
        (
            try await client(), try await luis(), try await session(People.worker("Eva", at: People.alcala)),
            try await session(People.worker("Pilar", at: People.chamberi, trades: [.fontaneria])),
            try await session(People.worker("Jordi", at: People.barcelona, radiusKm: 100))
        )
    }

    /// An admin handle on the app's database (rules do not apply), for checking what was stored.
    func adminView() throws -> Firestore {
        try Firestore(directory: directory, projectID: "test-worknow")
    }

    /// Closes the app and removes the directory.
    func close() {
        app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Test people and places.
enum People {
    /// Puerta del Sol, Madrid.
    static let sol = (latitude: 40.4169, longitude: -3.7035)
    /// Chamberí, Madrid (about 2 km north of Sol).
    static let chamberi = (latitude: 40.4340, longitude: -3.7040)
    /// Alcalá de Henares (about 30 km east of Sol).
    static let alcala = (latitude: 40.4818, longitude: -3.3643)
    /// Barcelona (about 500 km from Sol).
    static let barcelona = (latitude: 41.3874, longitude: 2.1686)

    /// Client number `number`, at Sol, no trades.
    static func client(_ number: Int) -> RegistrationForm {
        RegistrationForm(
            nombre: "Ana\(number)", apellidos: "García", email: "ana\(number)@test.es", password: "ana-secreta",
            latitude: sol.latitude, longitude: sol.longitude)
    }

    /// Worker `name` at `place` with `trades` and `radiusKm`.
    static func worker(
        _ name: String, at place: (latitude: Double, longitude: Double), trades: Set<Oficio> = [.electricista],
        radiusKm: Double = 10
    ) -> RegistrationForm {
        RegistrationForm(
            nombre: name, apellidos: "Obrero", email: "\(name.lowercased())@test.es", password: "trabajo-duro",
            latitude: place.latitude, longitude: place.longitude, oficios: trades, radiusKm: radiusKm)
    }

    /// An electrician's job at Sol, at most `maximum` euros, for workers within `radiusKm` (nil:
    /// the client's usual 10 km).
    static func sockets(maximum: Double? = 60, trade: Oficio = .electricista, radiusKm: Double? = nil) -> RequestForm {
        RequestForm(
            categoria: trade, descripcion: "Cambiar dos enchufes", precioMax: maximum, latitude: sol.latitude,
            longitude: sol.longitude, radiusKm: radiusKm)
    }
}

/// Whether `body` fails with `notAllowed`, a refusal by the security rules.
func refusedByRules(_ body: () async throws -> Void) async -> Bool {
    do {
        try await body()
        return false
    } catch let error as WorkNowError {
        if case .notAllowed = error { return true }
        return false
    } catch {
        return false
    }
}

/// A suite whose every test gets a fresh `fixture` (Swift Testing makes one instance per test),
/// closed when the test ends.
class AppSuite {
    /// The app under test.
    let fixture: TestApp

    init() async throws { fixture = try await TestApp() }

    deinit { fixture.close() }
}
