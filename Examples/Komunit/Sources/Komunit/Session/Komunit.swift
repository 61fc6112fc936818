import ExampleSupport
import Hearth

/// Komunit's backend on one Hearth data directory: it installs the security rules and indexes,
/// keeps the local accounts, and opens a `UserSession` for each signed-in user (CU01, CU02).
///
/// ```swift
/// let app = try await Komunit(directory: "./data")
/// let account = try await app.register(RegistrationForm(name: "Ana Ruiz", username: "ana",
///     email: "ana@uma.es", password: "secreto1", latitude: 36.72, longitude: -4.42))
/// let ana = try await app.enterApp(as: account)   // every call now runs under the rules as Ana
/// ```
public final class Komunit: Sendable {
    /// The settings the app was opened with.
    public let configuration: KomunitConfiguration
    /// Trusted server-side work (rules, accounts, clean-up triggers); never handed to users.
    let backend: Backend
    /// The app's registered triggers (removed by `close()`).
    private let triggers: [TriggerRegistration]

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and
    /// `firestore.indexes.json`, and registers the app's triggers.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: KomunitConfiguration = KomunitConfiguration()) async throws(KomunitError) {
        self.configuration = configuration
        do {
            let options = EngineOptions(
                durability: configuration.durability, indexes: try IndexConfiguration(json: KomunitIndexes.source),
                requireIndexes: configuration.requireIndexes)
            let storage = try AppStorage(
                directory: directory, projectID: configuration.projectID, options: options, rules: KomunitRules.source,
                passwordIterations: configuration.passwordIterations)
            backend = Backend(admin: storage.admin, accounts: storage.accounts)
        } catch {
            throw KomunitError(error)
        }
        do {
            triggers = try await backend.installTriggers()
        } catch {
            backend.admin.close()
            backend.accounts.close()
            throw error
        }
    }

    /// CU01: validates the form, creates the account, then — as the new user, under the rules —
    /// its `users/{uid}` document.
    /// - Throws: `invalidField` (password under 6 characters, missing user name or location…);
    ///   `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(KomunitError) -> Account {
        let (user, email) = try form.validated()
        do {
            return try await backend.accounts.register(
                email: email, password: form.password, through: backend.admin
            ) { handle, account in
                try await handle.collection(Collections.users).document(account.uid).setData(from: user)
            }
        } catch {
            throw KomunitError(error)
        }
    }

    /// CU02: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password, alike.
    public func signIn(email: String, password: String) async throws(KomunitError) -> Account {
        let normalized: String
        do {
            normalized = try FieldCheck.email(email)
        } catch {
            throw .wrongCredentials
        }
        do {
            return try await backend.accounts.signIn(email: normalized, password: password)
        } catch {
            throw KomunitError(error)
        }
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that user.
    /// - Throws: `userNotFound` when the account has no user document (its registration failed halfway).
    public func enterApp(as account: Account) async throws(KomunitError) -> UserSession {
        let session = UserSession(account: account, firestore: try await backend.handle(for: account), backend: backend)
        do {
            _ = try await session.profile()
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(KomunitError) -> StoreStatistics {
        try await backend.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() {
        for trigger in triggers { trigger.remove() }
        backend.admin.close()
        backend.accounts.close()
    }
}
