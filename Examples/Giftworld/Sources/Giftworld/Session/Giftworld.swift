import ExampleSupport
import Hearth

/// Giftworld's backend on one Hearth data directory: it installs the security rules, keeps the
/// local accounts, and opens a `UserSession` for each signed-in user (CU-001, CU-002).
///
/// ```swift
/// let app = try await Giftworld(directory: "./data")
/// let account = try await app.register(RegistrationForm(firstname: "Ana", lastname: "García",
///     email: "ana@example.com", password: "pmdl1c1234$"))
/// let ana = try await app.enterApp(as: account)   // every call now runs under the rules as Ana
/// ```
public final class Giftworld: Sendable {
    /// The settings the app was opened with.
    public let configuration: GiftworldConfiguration
    /// Trusted server-side work (rules, accounts, triggers); never handed to users.
    let backend: Backend
    /// The app's registered triggers (removed by `close()`).
    private let triggers: [TriggerRegistration]

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and registers
    /// the app's triggers.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: GiftworldConfiguration = GiftworldConfiguration())
        async throws(GiftworldError)
    {
        self.configuration = configuration
        do {
            let storage = try AppStorage(
                directory: directory, projectID: configuration.projectID,
                options: EngineOptions(durability: configuration.durability), rules: GiftworldRules.source,
                passwordIterations: configuration.passwordIterations)
            backend = Backend(admin: storage.admin, accounts: storage.accounts)
        } catch {
            throw GiftworldError(error)
        }
        do {
            triggers = try await backend.installTriggers()
        } catch {
            backend.admin.close()
            backend.accounts.close()
            throw error
        }
    }

    /// CU-001: validates the sign-up form (the thesis's password rule included), creates the
    /// account, then — as the new user, under the rules — its card `users/{uid}`.
    /// - Throws: `invalidField`; `weakPassword`; `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(GiftworldError) -> Account {
        let valid = try form.validated()
        return try await GiftworldError.mapping {
            return try await backend.accounts.register(
                email: valid.email, password: valid.password, through: backend.admin
            ) { user, account in
                try await user.collection(Collections.users).document(account.uid).setData(from: User(registering: valid))
            }
        }
    }

    /// CU-002: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password; `invalidField` when
    ///   the password is empty.
    public func signIn(email: String, password: String) async throws(GiftworldError) -> Account {
        let normalized: String
        do {
            normalized = try EmailAddress.normalized(email)
        } catch {
            throw .wrongCredentials
        }
        guard !password.isEmpty else { throw .invalidField(name: "password", reason: "required") }
        return try await GiftworldError.mapping {
            return try await backend.accounts.signIn(email: normalized, password: password)
        }
    }

    /// Enters the app as `account` (the main menu): a session whose every request runs under the
    /// rules as that user.
    /// - Throws: `userNotFound` when the account has no card (its registration failed halfway).
    public func enterApp(as account: Account) async throws(GiftworldError) -> UserSession {
        let session = UserSession(account: account, firestore: try await backend.handle(for: account), backend: backend)
        do {
            _ = try await session.user(account.uid)
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(GiftworldError) -> StoreStatistics {
        try await backend.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() {
        for trigger in triggers { trigger.remove() }
        backend.admin.close()
        backend.accounts.close()
    }
}
