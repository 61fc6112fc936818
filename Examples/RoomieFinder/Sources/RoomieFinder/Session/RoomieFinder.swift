public import ExampleSupport
import Foundation
import Hearth

/// How `RoomieFinder` opens its data directory (project `demo-roomiefinder` unless named).
public typealias RoomieFinderConfiguration = AppConfiguration

/// RoomieFinder's backend on one Hearth data directory: it installs the security rules and indexes,
/// keeps the local accounts, and opens a `UserSession` for each signed-in user (CU-01, CU-03, CU-04).
///
/// ```swift
/// let app = try await RoomieFinder(directory: "./data")
/// let account = try await app.register(RegistrationForm(nombre: "Lucía", apellido: "Martín",
///     fnac: "2001-03-14", email: "lucia@uva.es", password: "secreto1"))
/// let lucia = try await app.enterApp(as: account)   // every call now runs under the rules as Lucía
/// ```
public final class RoomieFinder: Sendable {
    /// `firestore.rules` and `firestore.indexes.json` as shipped (the links beside the README are
    /// the paths `hearth serve` and deployers use), loaded from the target's resources.
    public static let files = AppFiles(defaultProjectID: "demo-roomiefinder", bundle: .module, shipsIndexes: true)
    /// The directory, accounts and triggers underneath.
    let host: AppHost<RoomieFinderError, Backend>

    /// Opens (creating when needed) the data directory, installs the rules and indexes (queries
    /// lacking a declared index fail, as in production, unless `requireIndexes` is off) and
    /// registers CU-18's clean-up trigger.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: RoomieFinderConfiguration = RoomieFinderConfiguration())
        async throws(RoomieFinderError)
    {
        host = try await AppHost(
            directory: directory, configuration: configuration, files: Self.files, services: Backend.init,
            triggers: { try await $0.installTriggers() })
    }

    /// The settings the app was opened with.
    public var configuration: RoomieFinderConfiguration { host.configuration }

    /// CU-01: validates the sign-up form, creates the account, then — as the new user, under the
    /// rules — its `Perfiles/{uid}` document with `userID`, `nombre`, `apellido` and `fnac`.
    /// - Throws: `invalidField` for a missing or malformed field (password under 6 characters
    ///   included); `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(RoomieFinderError) -> Account {
        let valid = try form.validated()
        return try await host.register(email: valid.email, password: valid.password) { user, account in
            let profile = Perfil(registering: account.uid, nombre: valid.nombre, apellido: valid.apellido, fnac: valid.fnac)
            try await user.collection(Collections.profiles).document(account.uid).setData(from: profile)
        }
    }

    /// CU-03: checks the email and password.
    /// - Throws: `wrongCredentials` ("Correo o contraseña incorrectos") for an unknown email or a
    ///   wrong password; `invalidField` when the password is empty.
    public func signIn(email: String, password: String) async throws(RoomieFinderError) -> Account {
        guard !password.isEmpty else { throw .invalidField(name: "password", reason: "required") }
        return try await host.signIn(email: email, password: password)
    }

    /// CU-04: enters the app as `account`: a session whose every request runs under the rules
    /// as that user.
    /// - Throws: `profileNotFound` when the account has no profile (its registration failed halfway).
    public func enterApp(as account: Account) async throws(RoomieFinderError) -> UserSession {
        try await host.enter(as: account) { session throws(RoomieFinderError) in _ = try await session.ownProfile() }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(RoomieFinderError) -> StoreStatistics {
        try await host.services.statistics()
    }

    /// Closes the backend's handle; sessions keep the directory open until they sign out.
    public func close() { host.close() }
}
