public import ExampleSupport
import Hearth

/// How `WorkNow` opens its data directory (project `demo-worknow` unless named).
public typealias WorkNowConfiguration = AppConfiguration

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
    /// `firestore.rules` and `firestore.indexes.json` as shipped (the links beside the README are
    /// the paths `hearth serve` and deployers use), loaded from the target's resources.
    public static let files = AppFiles(defaultProjectID: "demo-worknow", bundle: .module, shipsIndexes: true)
    /// The directory, accounts and the fan-out trigger underneath.
    let host: AppHost<WorkNowError, Backend>

    /// Opens (creating when needed) the data directory, installs the rules and indexes (queries
    /// lacking a declared index fail, as in production, unless `requireIndexes` is off) and
    /// registers the request fan-out trigger.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: WorkNowConfiguration = WorkNowConfiguration()) async throws(WorkNowError) {
        host = try await AppHost(
            directory: directory, configuration: configuration, files: Self.files, services: Backend.init,
            triggers: { try await $0.installTriggers() })
    }

    /// The settings the app was opened with.
    public var configuration: WorkNowConfiguration { host.configuration }

    /// Returns once the triggers have handled every write made so far (alerts are written after
    /// a request is stored, as a Cloud Function would; a test or the demo waits here).
    public func waitForTriggers() async throws(WorkNowError) {
        try await host.waitForTriggers()
    }

    /// Register: checks the form, creates the account, then — as the new user, under the rules —
    /// its `users/{uid}` profile with zeroed rating counters.
    /// - Throws: `invalidField`, `passwordTooShort`, `invalidRadius`, `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(WorkNowError) -> Account {
        let valid = try form.validated()
        return try await host.register(email: valid.email, password: valid.password) { user, account in
            let point = try GeoPoint(latitude: valid.location.latitude, longitude: valid.location.longitude)
            let profile = Usuario(
                nombre: valid.nombre, apellidos: valid.apellidos, email: valid.email,
                latitude: String(valid.location.latitude), longitude: String(valid.location.longitude), location: point,
                oficios: OficioSeleccion.list(selecting: valid.oficios), trades: valid.oficios.sorted().map(\.rawValue),
                radiusKm: valid.radiusKm, ratingSum: 0, ratingCount: 0, telefono: valid.telefono)
            try await user.collection(Collections.users).document(account.uid).setData(from: profile)
        }
    }

    /// Sign in: checks the email and password.
    /// - Throws: `wrongCredentials` for a malformed or unknown email or a wrong password, alike.
    public func signIn(email: String, password: String) async throws(WorkNowError) -> Account {
        try await host.signIn(email: email, password: password)
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that user.
    /// - Throws: `profileNotFound` when the account has no profile (its registration failed halfway).
    public func enterApp(as account: Account) async throws(WorkNowError) -> UserSession {
        try await host.enter(as: account) { session throws(WorkNowError) in _ = try await session.ownProfile() }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(WorkNowError) -> StoreStatistics {
        try await host.services.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() { host.close() }
}
