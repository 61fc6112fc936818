import Foundation
import Hearth
import RoomieFinder

/// A RoomieFinder on a fresh temporary directory with fast (test-only) password hashing and
/// `requireIndexes` on, so every query must be served by an index `firestore.indexes.json` declares.
/// Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: RoomieFinder

    init() async throws {
        directory = NSTemporaryDirectory() + "roomiefinder-tests-" + UUID().uuidString
        app = try await RoomieFinder(
            directory: directory,
            configuration: RoomieFinderConfiguration(
                projectID: "test-roomiefinder", passwordIterations: 8, durability: .none, requireIndexes: true))
    }

    /// Registers `student` (CU-01) and enters the app (CU-04), without completing the profile.
    func registered(_ student: Student) async throws -> UserSession {
        let account = try await app.register(student.registration)
        return try await app.enterApp(as: account)
    }

    /// Registers `student`, enters the app and completes the profile (CU-02).
    func member(_ student: Student) async throws -> UserSession {
        let session = try await registered(student)
        try await session.createProfile(student.profile, photoPath: "images/\(session.uid).jpg")
        return session
    }

    /// An admin handle on the app's database (rules do not apply), for checking what was stored.
    func adminView() throws -> Firestore {
        try Firestore(directory: directory, projectID: "test-roomiefinder")
    }

    /// Closes the app and removes the directory.
    func close() {
        app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Test personas: a registration form and a profile form each.
struct Student: Sendable {
    let registration: RegistrationForm
    let profile: ProfileForm

    static let lucia = Student(
        registration: RegistrationForm(
            nombre: "Lucía", apellido: "Martín", fnac: "2001-03-14", email: "lucia@uva.es", password: "secreto1"),
        profile: ProfileForm(
            estudios: "Medicina", trabaja: false, universidad: "Universidad de Valladolid",
            idiomas: [.spanish, .english],
            sexo: .woman, tipoPersona: .calm, ambiente: .quiet, tiempoLibre: "Leer y correr", fumar: false,
            fiesta: false,
            descripcion: "Tranquila y ordenada"))

    static let marcos = Student(
        registration: RegistrationForm(
            nombre: "Marcos", apellido: "Rivas", fnac: "1999-11-02", email: "marcos@uva.es", password: "piso2024"),
        profile: ProfileForm(
            estudios: "Ingeniería Informática", trabaja: true, universidad: "Universidad de Valladolid",
            idiomas: [.spanish, .italian], sexo: .man, tipoPersona: .active, ambiente: .social, tiempoLibre: "Fútbol",
            fumar: false, fiesta: true, descripcion: "Sociable"))

    static let sara = Student(
        registration: RegistrationForm(
            nombre: "Sara", apellido: "Gómez", fnac: "2002-06-30", email: "sara@uva.es", password: "sara-pass"),
        profile: ProfileForm(
            estudios: "Filología", trabaja: false, universidad: "Universidad de Salamanca",
            idiomas: [.spanish, .english, .french], sexo: .woman, tipoPersona: .both, ambiente: .social,
            tiempoLibre: "Conciertos", fumar: true, fiesta: true, descripcion: "Alegre"))
}

extension AdForm {
    /// Lucía's ad: a room in her flat in Centro.
    static let centro = AdForm(barrio: "Centro", tiempoEstancia: "4 meses", presupuesto: "300", habitaciones: "2")
    /// Marcos's ad: looking for a flat in Parquesol.
    static let parquesol = AdForm(barrio: "Parquesol", tiempoEstancia: "1 año", presupuesto: "450")
    /// Sara's ad: a cheap room in Delicias.
    static let delicias = AdForm(barrio: "Delicias", tiempoEstancia: "9 meses", presupuesto: "250", habitaciones: "3")
}

/// A suite whose every test gets a fresh `fixture` (Swift Testing makes one instance per test),
/// closed when the test ends.
class AppSuite {
    /// The app under test.
    let fixture: TestApp

    init() async throws { fixture = try await TestApp() }

    deinit { fixture.close() }
}
