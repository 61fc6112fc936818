import Foundation
import Giftworld
import Hearth

/// A Giftworld on a fresh temporary directory with fast (test-only) password hashing.
/// Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: Giftworld

    init() async throws {
        directory = NSTemporaryDirectory() + "giftworld-tests-" + UUID().uuidString
        app = try await Giftworld(
            directory: directory,
            configuration: GiftworldConfiguration(
                projectID: "test-giftworld", passwordIterations: 8, durability: .none))
    }

    /// Registers `person` and enters the app.
    func session(_ person: RegistrationForm) async throws -> UserSession {
        try await app.enterApp(as: try await app.register(person))
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
    static let ana = RegistrationForm(
        firstname: "Ana", lastname: "García", email: "ana@test.es", password: "pmdl1c1234$")
    static let luis = RegistrationForm(
        firstname: "Luis", lastname: "Pérez", email: "luis@test.es", password: "luis#2020ab")
    static let marta = RegistrationForm(
        firstname: "Marta", lastname: "Ruiz", email: "marta@test.es", password: "marta!2020")
    static let pablo = RegistrationForm(
        firstname: "Pablo", lastname: "Sanz", email: "pablo@test.es", password: "pablo%2020")
    static let eva = RegistrationForm(firstname: "Eva", lastname: "Lobo", email: "eva@test.es", password: "eva$$2020x")

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
    let ana: UserSession
    let luis: UserSession
    let marta: UserSession
    let pablo: UserSession
    let eva: UserSession
    let group: String
    let coffee: Gift
    let sheets: Gift
    let robot: Gift

    init() async throws {
        test = try await TestApp()
        ana = try await test.session(People.ana)
        luis = try await test.session(People.luis)
        marta = try await test.session(People.marta)
        pablo = try await test.session(People.pablo)
        eva = try await test.session(People.eva)
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
