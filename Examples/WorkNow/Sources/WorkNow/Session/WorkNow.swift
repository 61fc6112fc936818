import ExampleSupport
import Hearth

/// WorkNow's backend on one Hearth data directory: it installs the security rules and indexes,
/// keeps the local accounts, and opens a `UserSession` for each signed-in user.
///
/// ```swift
/// let app = try await WorkNow(directory: "./data")
/// let account = try await app.register(RegistrationForm(nombre: "Ana", apellidos: "Gil", email: "ana@example.com",
///     password: "secreto12", latitude: 40.42, longitude: -3.70))
/// let ana = try await app.enterApp(as: account)   // every call now runs under the rules as Ana
/// ```
public final class WorkNow: Sendable {
    /// The settings the app was opened with.
    public let configuration: WorkNowConfiguration
    /// Trusted server-side work (rules, accounts, the fan-out trigger); never handed to users.
    let backend: Backend
    /// The app's registered triggers (removed by `close()`).
    private let triggers: [TriggerRegistration]

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and registers
    /// the request fan-out trigger.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: WorkNowConfiguration = WorkNowConfiguration()) async throws(WorkNowError) {
        self.configuration = configuration
        do {
            let storage = try AppStorage(
                directory: directory, projectID: configuration.projectID,
                options: EngineOptions(
                    durability: configuration.durability, indexes: try WorkNowIndexes.configuration(),
                    requireIndexes: configuration.requireIndexes),
                rules: WorkNowRules.source, passwordIterations: configuration.passwordIterations)
            backend = Backend(admin: storage.admin, accounts: storage.accounts)
        } catch {
            throw WorkNowError(error)
        }
        do {
            triggers = try await backend.installTriggers()
        } catch {
            backend.admin.close()
            backend.accounts.close()
            throw error
        }
    }

    /// Returns once the triggers have handled every write made so far (alerts are written after
    /// a request is stored, as a Cloud Function would; a test or the demo waits here).
    public func waitForTriggers() async throws(WorkNowError) {
        try await backend.triggersSettled()
    }

    /// Register: checks the form, creates the account, then — as the new user, under the rules —
    /// its `users/{uid}` profile with zeroed rating counters.
    /// - Throws: `invalidField`, `passwordTooShort`, `invalidRadius`, `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(WorkNowError) -> Account {
        let valid = try form.validated()
        return try await WorkNowError.mapping {
            return try await backend.accounts.register(
                email: valid.email, password: valid.password, through: backend.admin
            ) { user, account in
                let point = try GeoPoint(latitude: valid.location.latitude, longitude: valid.location.longitude)
                let profile = Usuario(
                    nombre: valid.nombre, apellidos: valid.apellidos, email: valid.email,
                    latitude: String(valid.location.latitude), longitude: String(valid.location.longitude), location: point,
                    oficios: OficioSeleccion.list(selecting: valid.oficios), trades: valid.oficios.sorted().map(\.rawValue),
                    radiusKm: valid.radiusKm, ratingSum: 0, ratingCount: 0, telefono: valid.telefono)
                try await user.collection(Collections.users).document(account.uid).setData(from: profile)
            }
        }
    }

    /// Sign in: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password, alike.
    public func signIn(email: String, password: String) async throws(WorkNowError) -> Account {
        let normalized: String
        do {
            normalized = try RegistrationForm.normalized(email: email)
        } catch {
            throw .wrongCredentials
        }
        return try await WorkNowError.mapping {
            return try await backend.accounts.signIn(email: normalized, password: password)
        }
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that user.
    /// - Throws: `profileNotFound` when the account has no profile (its registration failed halfway).
    public func enterApp(as account: Account) async throws(WorkNowError) -> UserSession {
        let session = UserSession(account: account, firestore: try await backend.handle(for: account))
        do {
            _ = try await session.ownProfile()
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(WorkNowError) -> StoreStatistics {
        try await backend.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() {
        for trigger in triggers { trigger.remove() }
        backend.admin.close()
        backend.accounts.close()
    }
}
