import Foundation
import Hearth
import RoomieFinder
import Testing

/// CU-01 (register), CU-03 (sign in), CU-04 (enter the app) and signing out ("Cerrar Sesión").
@Suite("Accounts")
final class AccountTests: AppSuite {
    @Test func registrationCreatesTheAccountAndTheRegistrationProfile() async throws {
        let account = try await fixture.app.register(Student.lucia.registration)
        #expect(account.email == "lucia@uva.es")
        #expect(account.uid.count == 28)
        let session = try await fixture.app.enterApp(as: account)
        let profile = try await session.ownProfile()
        #expect(profile.id == account.uid && profile.userID == account.uid)
        #expect(profile.nombre == "Lucía" && profile.apellido == "Martín" && profile.fnac == "2001-03-14")
        #expect(!profile.isComplete)
        let admin = try fixture.adminView()
        defer { admin.close() }
        let stored = try await admin.document("Perfiles/\(account.uid)").getDocument()
        #expect(Set(stored.data()?.keys.map { $0 } ?? []) == ["userID", "nombre", "apellido", "fnac"])
    }

    /// Lucía's valid form with one field changed.
    static func form(_ field: WritableKeyPath<RegistrationForm, String>, _ value: String) -> RegistrationForm {
        var form = RegistrationForm(nombre: "Lucía", apellido: "Martín", fnac: "2001-03-14", email: "a@uva.es", password: "secreto1")
        form[keyPath: field] = value
        return form
    }

    @Test(arguments: [
        (form(\.nombre, " "), "nombre"), (form(\.apellido, ""), "apellido"),
        (form(\.fnac, "14/03/2001"), "fnac"), (form(\.fnac, "2001-02-30"), "fnac"), (form(\.fnac, "2999-01-01"), "fnac"),
        (form(\.email, "lucia.uva.es"), "email"), (form(\.email, "lucia@uva"), "email"), (form(\.email, ""), "email"),
        (form(\.password, "12345"), "password"),
    ])
    func registrationRejectsInvalidData(form: RegistrationForm, field: String) async throws {
        do {
            _ = try await fixture.app.register(form)
            Issue.record("expected the field \(field) to be refused")
        } catch {
            guard case .invalidField(let name, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == field)
        }
        #expect(try await fixture.app.statistics().accounts == 0)
    }

    @Test func anEmailRegistersOnlyOnceWhateverItsCase() async throws {
        _ = try await fixture.app.register(Student.lucia.registration)
        var again = Student.lucia.registration
        again.email = "  LUCIA@uva.ES "
        again.nombre = "Otra"
        await #expect(throws: RoomieFinderError.emailAlreadyInUse("lucia@uva.es")) {
            try await fixture.app.register(again)
        }
        let statistics = try await fixture.app.statistics()
        #expect(statistics.accounts == 1 && statistics.profiles == 1)
    }

    @Test func signInChecksTheSaltedHash() async throws {
        let registered = try await fixture.app.register(Student.lucia.registration)
        let signedIn = try await fixture.app.signIn(email: "Lucia@UVA.es", password: "secreto1")
        #expect(signedIn == registered)
        await #expect(throws: RoomieFinderError.wrongCredentials) {
            try await fixture.app.signIn(email: "lucia@uva.es", password: "secreto2")
        }
        await #expect(throws: RoomieFinderError.wrongCredentials) {
            try await fixture.app.signIn(email: "nadie@uva.es", password: "secreto1")
        }
        await #expect(throws: RoomieFinderError.wrongCredentials) {
            try await fixture.app.signIn(email: "no es un correo", password: "x")
        }
        await #expect(throws: RoomieFinderError.invalidField(name: "password", reason: "required")) {
            try await fixture.app.signIn(email: "lucia@uva.es", password: "")
        }
        #expect(RoomieFinderError.wrongCredentials.alertMessage == "Correo o contraseña incorrectos")
    }

    @Test func theAccountIsAHearthAuthAccountAndThePasswordIsNeverWrittenInPlain() async throws {
        let account = try await fixture.app.register(Student.lucia.registration)
        // What `hearth serve` on the same directory would see: the same account, the same uid.
        let auth = try Auth(directory: fixture.directory, projectID: "test-roomiefinder", passwordRounds: 8)
        defer { auth.close() }
        #expect(try await auth.signIn(withEmail: "lucia@uva.es", password: "secreto1").user.uid == account.uid)
        #expect(try auth.userCount() == 1)
        // No file of the data directory (Firestore's or Auth's) holds the password itself.
        let files = FileManager.default.enumerator(atPath: fixture.directory)?.compactMap { $0 as? String } ?? []
        #expect(files.contains { $0.hasPrefix("auth") })
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: fixture.directory + "/" + file) else { continue }
            #expect(bytes.range(of: Data("secreto1".utf8)) == nil, "\(file) holds the password")
        }
    }

    @Test func enteringTheAppActsAsTheUserUnderTheRules() async throws {
        let lucia = try await fixture.registered(.lucia)
        #expect(lucia.uid == lucia.account.uid)
        // Her session carries her ID token: another student's card is not hers to write.
        let admin = try fixture.adminView()
        defer { admin.close() }
        let asLucia = try await lucia.account.firestore(on: admin)
        defer { asLucia.close() }
        await #expect(throws: FirestoreError.self) {
            try await asLucia.document("Perfiles/someone-else").setData(["userID": lucia.uid])
        }
        lucia.signOut()
        await #expect(throws: RoomieFinderError.unavailable) { try await lucia.ownProfile() }
    }

    /// "Cerrar Sesión" (no CU of its own): the session and the device's sign-in end; back at the
    /// login, signing in again opens a new session.
    @Test func signingOutEndsTheSessionAndTheSignIn() async throws {
        let lucia = try await fixture.member(.lucia)
        let admin = try fixture.adminView()
        defer { admin.close() }
        lucia.signOut()
        await #expect(throws: RoomieFinderError.unavailable) { try await lucia.ownProfile() }
        await #expect(throws: RoomieFinderError.unavailable) { try await lucia.listAds() }
        await #expect(throws: RoomieFinderError.unavailable) { try await lucia.createAd(.centro) }
        await #expect(throws: AccountError.signedOut) { _ = try await lucia.account.firestore(on: admin) }
        #expect(try await fixture.app.statistics().ads == 0)
        let again = try await fixture.app.enterApp(
            as: try await fixture.app.signIn(email: "lucia@uva.es", password: "secreto1"))
        defer { again.signOut() }
        #expect(again.uid == lucia.uid)
        #expect(try await again.ownProfile().nombre == "Lucía")
    }

    @Test func enteringWithoutAProfileFails() async throws {
        let account = try await fixture.app.register(Student.lucia.registration)
        let admin = try fixture.adminView()
        defer { admin.close() }
        try await admin.document("Perfiles/\(account.uid)").delete()
        await #expect(throws: RoomieFinderError.profileNotFound(uid: account.uid)) {
            try await fixture.app.enterApp(as: account)
        }
    }
}
