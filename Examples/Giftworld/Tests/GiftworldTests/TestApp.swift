import Foundation
import Giftworld
import Hearth

/// A Giftworld on a fresh temporary directory with fast (test-only) password hashing.
/// Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: Giftworld

    /// The tests' settings: fast password hashing, no syncing to disk.
    static let configuration = GiftworldConfiguration(projectID: "test-giftworld", passwordIterations: 8, durability: .none)

    init() async throws {
        directory = NSTemporaryDirectory() + "giftworld-tests-" + UUID().uuidString
        app = try await Giftworld(directory: directory, configuration: Self.configuration)
    }

    /// Registers `person` and enters the app.
    func session(_ person: RegistrationForm) async throws -> UserSession {
        try await app.enterApp(as: try await app.register(person))
    }

    /// Registers each of `people` in turn and enters the app as each.
    func sessions(_ people: RegistrationForm...) async throws -> [UserSession] {
        var sessions: [UserSession] = []
        for person in people { sessions.append(try await session(person)) }
        return sessions
    }

    /// Opens the app again on this directory (after `app.close()`), as a restarted process would.
    func reopen() async throws -> Giftworld {
        try await Giftworld(directory: directory, configuration: Self.configuration)
    }

    /// An admin handle on the app's database (rules do not apply), for checking what was stored.
    func adminView() throws -> Firestore {
        try Firestore(directory: directory, projectID: "test-giftworld")
    }

    /// Closes the app and removes the directory.
    func close() {
        app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Test personas.
enum People {
    static let ana = person("Ana", "García", password: "pmdl1c1234$")
    static let luis = person("Luis", "Pérez", password: "luis#2020ab")
    static let marta = person("Marta", "Ruiz", password: "marta!2020")
    static let pablo = person("Pablo", "Sanz", password: "pablo%2020")
    static let eva = person("Eva", "Lobo", password: "eva$$2020x")

    /// `firstname lastname`, signing up as `<firstname, lowercased>@test.es`.
    static func person(_ firstname: String, _ lastname: String, password: String) -> RegistrationForm {
        let email = "\(firstname.lowercased())@test.es"
        return RegistrationForm(firstname: firstname, lastname: lastname, email: email, password: password)
    }

    /// A numbered extra person for concurrency tests.
    static func extra(_ number: Int) -> RegistrationForm {
        RegistrationForm(
            firstname: "Persona", lastname: "N\(number)", email: "p\(number)@test.es", password: "clave\(number)$x")
    }
}

/// Ana's wedding: Ana with Luis, Marta and Pablo in one group, three gifts on Ana's list.
/// Eva is registered but shares no group with anyone.
struct Wedding {
    let test: TestApp
    let ana, luis, marta, pablo, eva: UserSession
    let group: String
    let coffee, sheets, robot: Gift

    init() async throws {
        test = try await TestApp()
        let people = try await test.sessions(People.ana, People.luis, People.marta, People.pablo, People.eva)
        (ana, luis, marta, pablo, eva) = (people[0], people[1], people[2], people[3], people[4])
        group = try await ana.createGroup(GroupForm(name: "Boda", members: [luis.uid, marta.uid, pablo.uid])).id ?? ""
        coffee = try await ana.addGift(GiftForm(name: "Cafetera", brand: "Nespresso", price: 120))
        sheets = try await ana.addGift(GiftForm(name: "Sábanas", price: 90))
        robot = try await ana.addGift(GiftForm(name: "Robot", price: 100))
    }

    /// Signs everyone out and removes the data.
    func close() {
        [ana, luis, marta, pablo, eva].forEach { $0.signOut() }
        test.close()
    }
}
