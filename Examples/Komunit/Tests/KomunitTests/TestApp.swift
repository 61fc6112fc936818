import Foundation
import Hearth
import Komunit

/// A Komunit on a fresh temporary directory with fast (test-only) password hashing and
/// `requireIndexes` on. Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: Komunit

    init() async throws {
        directory = NSTemporaryDirectory() + "komunit-tests-" + UUID().uuidString
        app = try await Komunit(
            directory: directory,
            configuration: KomunitConfiguration(
                projectID: "test-komunit", passwordIterations: 4, durability: .none, requireIndexes: true))
    }

    /// Registers `person`, confirms the e-mail with the code from the mailbox, and enters the app.
    func user(_ person: Person) async throws -> UserSession {
        let registration = try await app.register(person.form)
        try await app.confirmEmail(code: registration.confirmationCode)
        return try await app.enterApp(as: registration.account)
    }

    /// A registered user named `name`, living at a point in Málaga.
    func user(named name: String) async throws -> UserSession {
        try await user(Person(name))
    }

    /// `count` registered users named `prefix0`, `prefix1`, …, in that order.
    func users(_ prefix: String, _ count: Int) async throws -> [UserSession] {
        var users: [UserSession] = []
        for index in 0..<count { users.append(try await user(named: "\(prefix)\(index)")) }
        return users
    }

    /// Ana and Bruno, each the owner of a group (titled `anas` and `brunos`) the other has joined.
    func crossedGroups(_ anas: String, _ brunos: String) async throws
        -> (ana: UserSession, bruno: UserSession, anas: String, brunos: String)
    {
        let ana = try await user(named: "ana")
        let bruno = try await user(named: "bruno")
        let anasGroup = try id(try await ana.createGroup(.band(anas)))
        let brunosGroup = try id(try await bruno.createGroup(.band(brunos)))
        _ = try await bruno.joinGroup(anasGroup)
        _ = try await ana.joinGroup(brunosGroup)
        return (ana, bruno, anasGroup, brunosGroup)
    }

    /// Ana, Bruno and Carmen registered, and Ana's group `GroupForm.band(limit:)`, which Bruno has
    /// joined when `brunoJoins` (Carmen belongs to no group).
    func band(limit: Int = 5, brunoJoins: Bool = true) async throws
        -> (ana: UserSession, bruno: UserSession, carmen: UserSession, groupId: String)
    {
        let ana = try await user(named: "ana")
        let bruno = try await user(named: "bruno")
        let carmen = try await user(named: "carmen")
        let groupId = try id(try await ana.createGroup(.band(limit: limit)))
        if brunoJoins { _ = try await bruno.joinGroup(groupId) }
        return (ana, bruno, carmen, groupId)
    }

    /// An admin handle on the app's database (rules do not apply), for checking what was stored.
    func adminView() throws -> Firestore {
        try Firestore(directory: directory, projectID: "test-komunit")
    }

    /// Closes the app and removes the directory.
    func close() {
        app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A test persona: a registration form.
struct Person: Sendable {
    let form: RegistrationForm

    init(_ name: String, latitude: Double = 36.7213, longitude: Double = -4.4214) {
        form = RegistrationForm(
            name: name.capitalized, username: name, email: "\(name)@uma.es", password: "secreto-\(name)",
            repeatPassword: "secreto-\(name)", latitude: latitude, longitude: longitude, acceptsTerms: true)
    }
}

extension GroupForm {
    /// A group in Málaga admitting `limit` members.
    static func band(_ title: String = "Banda de rock", limit: Int = 5) -> GroupForm {
        GroupForm(
            title: title, description: "Buscamos batería", type: "música", memberLimit: limit, latitude: 36.7196,
            longitude: -4.4200, placeName: "Málaga centro")
    }
}

extension EventForm {
    /// An event of a group, at `date`.
    static func rehearsal(
        _ title: String = "Ensayo", date: Timestamp = Timestamp(microseconds: 1_900_000_000_000_000),
        isFlexible: Bool = false
    ) -> EventForm {
        EventForm(title: title, description: "", placeName: "Local de ensayo 3", date: date, isFlexible: isFlexible)
    }
}

/// The id of a group that must have one.
func id(_ group: Grupo) throws -> String {
    guard let id = group.id else { throw MissingID() }
    return id
}

/// A group came back without its id.
struct MissingID: Error {}

/// A suite whose every test gets a fresh `fixture` (Swift Testing makes one instance per test),
/// closed when the test ends.
class AppSuite {
    /// The app under test.
    let fixture: TestApp

    init() async throws { fixture = try await TestApp() }

    deinit { fixture.close() }
}
