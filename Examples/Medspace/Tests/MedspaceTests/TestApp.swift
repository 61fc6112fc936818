import Foundation
import Hearth
import Medspace

/// A Medspace on a fresh temporary directory with fast (test-only) password hashing and
/// `requireIndexes` on, so every query must be served by an index `firestore.indexes.json` declares.
/// Call `close()` at the end of the test.
final class TestApp: Sendable {
    let directory: String
    let app: Medspace

    init() async throws {
        directory = NSTemporaryDirectory() + "medspace-tests-" + UUID().uuidString
        app = try await Medspace.open(
            directory: directory,
            configuration: MedspaceConfiguration(
                projectID: "test-medspace", passwordIterations: 8, durability: .none, requireIndexes: true))
    }

    /// A fresh app with `doctor` registered and signed in.
    static func with(_ doctor: Doctor) async throws -> (TestApp, UserSession) {
        let fixture = try await TestApp()
        return (fixture, try await fixture.member(doctor))
    }

    /// A fresh app with Ana and Luis registered and signed in, the pair most tests start with.
    static func withAnaAndLuis() async throws -> (TestApp, ana: UserSession, luis: UserSession) {
        let (fixture, ana) = try await with(.ana)
        return (fixture, ana, try await fixture.member(.luis))
    }

    /// Registers `doctor` (UC1) and enters the app.
    func member(_ doctor: Doctor) async throws -> UserSession {
        try await app.enterApp(as: try await app.register(doctor.form))
    }

    /// Publishes, oldest first, a discussion by each author with its title; returns the posts.
    @discardableResult
    func discussions(_ posts: [(author: UserSession, title: String)]) async throws -> [PostListing] {
        var published: [PostListing] = []
        for (author, title) in posts { published.append(try await author.createPost(.discussions, .discussion(title))) }
        return published
    }

    /// Signs the administrator in and enters the app.
    func administrator() async throws -> UserSession {
        let seed = AdministratorSeed.default
        return try await app.enterApp(as: try await app.signIn(email: seed.email, password: seed.password))
    }

    /// An admin handle on the app's database (rules do not apply), for checking what was stored.
    func adminView() throws -> Firestore {
        try Firestore(directory: directory, projectID: "test-medspace")
    }

    /// Closes the app and removes the directory.
    func close() async {
        await app.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Test personas.
struct Doctor: Sendable {
    let form: RegistrationForm

    init(_ username: String, _ fullname: String, _ email: String) {
        form = RegistrationForm(
            username: username, fullname: fullname, email: email, password: "secreto1", repeatPassword: "secreto1")
    }

    static let ana = Doctor("DrAnaSosa", "Ana Sosa", "ana@ulpgc.es")
    static let luis = Doctor("LuisMedina", "Luis Medina", "luis@ulpgc.es")
    static let marta = Doctor("marta.rey", "Marta Rey", "marta@ulpgc.es")
}

extension PostForm {
    /// A clinical case in cardiology.
    static let chestPain = PostForm(
        title: "Dolor torácico en Cardiología", description: "Varón de 54 años con dolor opresivo.",
        speciality: .internalMedicine, history: "Hipertenso", examination: "ECG con elevación del ST")
    /// A discussion.
    static let migraine = PostForm(
        title: "Migraine treatment options", description: "What do you prescribe first?", speciality: .neurology)
    /// A research article.
    static let vaccines = PostForm(
        title: "Vaccine uptake in children", description: "A cohort study.", speciality: .pediatrics,
        pdf: "researches/vaccines.pdf")
    /// News.
    static let congress = PostForm(
        title: "National congress announced", description: "Registration is open.", speciality: .surgery,
        image: "news/congress.jpg")

    /// A discussion titled `title`.
    static func discussion(_ title: String, _ description: String = "Let us discuss.") -> PostForm {
        PostForm(title: title, description: description, speciality: .familyMedicine)
    }
}
