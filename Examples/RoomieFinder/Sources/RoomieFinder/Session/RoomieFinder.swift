import ExampleSupport
import Hearth

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
    /// The settings the app was opened with.
    public let configuration: RoomieFinderConfiguration
    /// Trusted server-side work (rules, accounts, clean-up triggers); never handed to users.
    let backend: Backend
    /// The app's registered triggers (removed by `close()`).
    private let triggers: [TriggerRegistration]

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and
    /// `firestore.indexes.json` (queries lacking a declared index fail, as in production, unless
    /// `requireIndexes` is off) and registers the app's triggers.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: RoomieFinderConfiguration = RoomieFinderConfiguration())
        async throws(RoomieFinderError)
    {
        self.configuration = configuration
        do {
            let storage = try AppStorage(
                directory: directory, projectID: configuration.projectID,
                options: EngineOptions(
                    durability: configuration.durability, indexes: try RoomieFinderIndexes.configuration(),
                    requireIndexes: configuration.requireIndexes),
                rules: RoomieFinderRules.source, passwordIterations: configuration.passwordIterations)
            backend = Backend(admin: storage.admin, accounts: storage.accounts)
        } catch {
            throw RoomieFinderError(error)
        }
        do {
            triggers = try await backend.installTriggers()
        } catch {
            backend.admin.close()
            backend.accounts.close()
            throw error
        }
    }

    /// CU-01: validates the sign-up form, creates the account, then — as the new user, under the
    /// rules — its `Perfiles/{uid}` document with `userID`, `nombre`, `apellido` and `fnac`.
    /// - Throws: `invalidField` for a missing or malformed field (password under 6 characters
    ///   included); `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(RoomieFinderError) -> Account {
        let valid = try form.validated()
        return try await RoomieFinderError.mapping {
            return try await backend.accounts.register(
                email: valid.email, password: valid.password, through: backend.admin
            ) { user, account in
                let profile = Perfil(
                    registering: account.uid, nombre: valid.nombre, apellido: valid.apellido, fnac: valid.fnac)
                try await user.collection(Collections.profiles).document(account.uid).setData(from: profile)
            }
        }
    }

    /// CU-03: checks the email and password.
    /// - Throws: `wrongCredentials` ("Correo o contraseña incorrectos") for an unknown email or a
    ///   wrong password; `invalidField` when a field is empty.
    public func signIn(email: String, password: String) async throws(RoomieFinderError) -> Account {
        let normalized: String
        do {
            normalized = try EmailAddress.normalized(email)
        } catch {
            throw .wrongCredentials
        }
        guard !password.isEmpty else { throw .invalidField(name: "password", reason: "required") }
        return try await RoomieFinderError.mapping {
            return try await backend.accounts.signIn(email: normalized, password: password)
        }
    }

    /// CU-04: enters the app as `account`: a session whose every request runs under the rules
    /// as that user.
    /// - Throws: `profileNotFound` when the account has no profile (its registration failed halfway).
    public func enterApp(as account: Account) async throws(RoomieFinderError) -> UserSession {
        let session = UserSession(account: account, firestore: try await backend.handle(for: account), backend: backend)
        do {
            _ = try await session.ownProfile()
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(RoomieFinderError) -> StoreStatistics {
        try await backend.statistics()
    }

    /// Closes the backend's handle; sessions keep the directory open until they sign out.
    public func close() {
        for trigger in triggers { trigger.remove() }
        backend.admin.close()
        backend.accounts.close()
    }
}
