import ExampleSupport
import Hearth

/// Medspace's backend on one Hearth data directory: it installs the security rules and the
/// declared indexes, keeps the local accounts, creates the administrator, runs the keyword
/// notifier, and opens a `UserSession` for each signed-in user (UC1–UC3, UC25).
///
/// ```swift
/// let app = try await Medspace.open(directory: "./data")
/// let account = try await app.register(RegistrationForm(username: "DrSosa", fullname: "Ana Sosa",
///     email: "ana@ulpgc.es", password: "secreto1", repeatPassword: "secreto1"))
/// let ana = try await app.enterApp(as: account)   // every call now runs under the rules as Ana
/// ```
public final class Medspace: Sendable {
    /// The settings the app was opened with.
    public let configuration: MedspaceConfiguration
    /// Trusted server-side work; never handed to users.
    let backend: Backend
    /// UC23's notifier, listening to new posts with admin access.
    public let notifier: KeywordNotifier

    private init(configuration: MedspaceConfiguration, backend: Backend, notifier: KeywordNotifier) {
        self.configuration = configuration
        self.backend = backend
        self.notifier = notifier
    }

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and
    /// `firestore.indexes.json`, creates the administrator if there is none, and starts the notifier.
    /// - Throws: `storage` when the directory cannot be opened.
    public static func open(
        directory: String, configuration: MedspaceConfiguration = MedspaceConfiguration()
    ) async throws(MedspaceError) -> Medspace {
        do {
            let options = EngineOptions(
                durability: configuration.durability, indexes: try IndexConfiguration(json: MedspaceIndexes.json),
                requireIndexes: configuration.requireIndexes)
            let storage = try AppStorage(
                directory: directory, projectID: configuration.projectID, options: options, rules: MedspaceRules.source,
                passwordIterations: configuration.passwordIterations)
            let backend = Backend(admin: storage.admin, accounts: storage.accounts)
            _ = try await backend.ensureAdministrator(configuration.administrator)
            let notifier = KeywordNotifier(admin: storage.admin)
            try await notifier.start()
            return Medspace(configuration: configuration, backend: backend, notifier: notifier)
        } catch {
            throw MedspaceError(error)
        }
    }

    /// UC1: validates the form, creates the account, then — as the new user, under the rules —
    /// `Users/{uid}` (a doctor, notifications on) and the claim `Usernames/{username}`, in one
    /// transaction that refuses a taken user name.
    /// - Throws: `missingField`, `invalidField`, `weakPassword`, `passwordsDoNotMatch`,
    ///   `usernameTaken`, `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(MedspaceError) -> Account {
        let valid = try form.validated()
        let profile = MedspaceUser(
            username: valid.username, fullname: valid.fullname, type: .doctor, email: valid.email, notifications: true)
        let claim = backend.admin.collection(Collections.usernames).document(profile.usernameKey)
        try await MedspaceError.mapping {
            // A taken name is refused before an account is made; the transaction checks again.
            if try await claim.getDocument().exists { throw MedspaceError.usernameTaken(valid.username) }
        }
        return try await MedspaceError.mapping {
            return try await backend.accounts.register(
                email: valid.email, password: valid.password, through: backend.admin
            ) { user, account in
                try await UserSession.writeProfile(profile, uid: account.uid, releasing: nil, in: user)
            }
        }
    }

    /// UC2: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password; `missingField`.
    public func signIn(email: String, password: String) async throws(MedspaceError) -> Account {
        let normalized = try FieldCheck.email(email)
        guard !password.isEmpty else { throw .missingField("password") }
        return try await MedspaceError.mapping {
            return try await backend.accounts.signIn(email: normalized, password: password)
        }
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that user.
    /// - Throws: `userNotFound` when the account has no profile (deleted, or registration failed halfway).
    public func enterApp(as account: Account) async throws(MedspaceError) -> UserSession {
        let session = UserSession(account: account, firestore: try await backend.handle(for: account), backend: backend)
        do {
            _ = try await session.profile()
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// UC25, first half: the reset code Firebase Auth would email (the local stand-in for the link).
    /// - Throws: `unknownEmail` when no account uses the email.
    public func requestPasswordReset(email: String) async throws(MedspaceError) -> String {
        let normalized = try FieldCheck.email(email)
        do {
            return try await backend.accounts.requestPasswordReset(email: normalized)
        } catch AccountError.wrongCredentials {
            throw .unknownEmail
        } catch {
            throw MedspaceError(error)
        }
    }

    /// UC25, second half: sets a new password with the emailed code (usable once).
    /// - Throws: `unknownEmail` for an unknown or used code; `weakPassword`; `passwordsDoNotMatch`.
    public func resetPassword(code: String, newPassword: String, repeatPassword: String) async throws(MedspaceError) {
        let password = try FieldCheck.password(newPassword)
        guard password == repeatPassword else { throw .passwordsDoNotMatch }
        do {
            try await backend.accounts.confirmPasswordReset(code: code, newPassword: password)
        } catch AccountError.invalidCode {
            throw .unknownEmail
        } catch {
            throw MedspaceError(error)
        }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(MedspaceError) -> StoreStatistics {
        try await backend.statistics()
    }

    /// Stops the notifier and closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() async {
        await notifier.stop()
        backend.admin.close()
        backend.accounts.close()
    }
}
