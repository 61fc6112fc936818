public import ExampleSupport
import Hearth

/// How `Medspace` opens its data directory (project `demo-medspace` unless named).
public typealias MedspaceConfiguration = AppConfiguration

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
    /// `firestore.rules` and `firestore.indexes.json` as shipped (the links beside the README are
    /// the paths `hearth serve` and deployers use), loaded from the target's resources.
    public static let files = AppFiles(defaultProjectID: "demo-medspace", bundle: .module, shipsIndexes: true)
    /// The directory, accounts and backend underneath.
    let host: AppHost<MedspaceError, Backend>

    private init(host: AppHost<MedspaceError, Backend>) {
        self.host = host
    }

    /// Opens (creating when needed) the data directory, installs the rules and indexes (queries
    /// lacking a declared index fail, as in production, unless `requireIndexes` is off), creates
    /// `administrator` if there is no administrator, and starts the notifier.
    /// - Throws: `storage` when the directory cannot be opened.
    public static func open(
        directory: String, configuration: MedspaceConfiguration = MedspaceConfiguration(),
        administrator: AdministratorSeed = .default
    ) async throws(MedspaceError) -> Medspace {
        let host = try await AppHost<MedspaceError, Backend>(
            directory: directory, configuration: configuration, files: files, services: Backend.init,
            triggers: { backend in
                _ = try await backend.ensureAdministrator(administrator)
                try await backend.notifier.start()
                return []
            })
        return Medspace(host: host)
    }

    /// The settings the app was opened with.
    public var configuration: MedspaceConfiguration { host.configuration }

    /// UC23's notifier, listening to new posts with admin access.
    public var notifier: KeywordNotifier { host.services.notifier }

    /// UC1: validates the form, creates the account, then — as the new user, under the rules —
    /// `Users/{uid}` (a doctor, notifications on) and the claim `Usernames/{username}`, in one
    /// transaction that refuses a taken user name.
    /// - Throws: `missingField`, `invalidField`, `weakPassword`, `passwordsDoNotMatch`,
    ///   `usernameTaken`, `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(MedspaceError) -> Account {
        let valid = try form.validated()
        let profile = MedspaceUser(
            username: valid.username, fullname: valid.fullname, type: .doctor, email: valid.email, notifications: true)
        let claim = host.admin.collection(Collections.usernames).document(profile.usernameKey)
        try await MedspaceError.mapping {
            // A taken name is refused before an account is made; the transaction checks again.
            if try await claim.getDocument().exists { throw MedspaceError.usernameTaken(valid.username) }
        }
        return try await host.register(email: valid.email, password: valid.password) { user, account in
            try await UserSession.writeProfile(profile, uid: account.uid, releasing: nil, in: user)
        }
    }

    /// UC2: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password; `missingField`;
    ///   `invalidField` for a malformed email.
    public func signIn(email: String, password: String) async throws(MedspaceError) -> Account {
        _ = try FieldCheck.email(email)
        guard !password.isEmpty else { throw .missingField("password") }
        return try await host.signIn(email: email, password: password)
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that user.
    /// - Throws: `userNotFound` when the account has no profile (deleted, or registration failed halfway).
    public func enterApp(as account: Account) async throws(MedspaceError) -> UserSession {
        try await host.enter(as: account) { session throws(MedspaceError) in _ = try await session.profile() }
    }

    /// UC25, first half: the reset code Firebase Auth would email (the local stand-in for the link).
    /// - Throws: `unknownEmail` when no account uses the email.
    public func requestPasswordReset(email: String) async throws(MedspaceError) -> String {
        let normalized = try FieldCheck.email(email)
        return try await accounts(refusing: .wrongCredentials) { try await $0.requestPasswordReset(email: normalized) }
    }

    /// UC25, second half: sets a new password with the emailed code (usable once).
    /// - Throws: `unknownEmail` for an unknown or used code; `weakPassword`; `passwordsDoNotMatch`.
    public func resetPassword(code: String, newPassword: String, repeatPassword: String) async throws(MedspaceError) {
        let password = try FieldCheck.password(newPassword)
        guard password == repeatPassword else { throw .passwordsDoNotMatch }
        try await accounts(refusing: .invalidCode) { try await $0.confirmPasswordReset(code: code, newPassword: password) }
    }

    /// Runs `body` on the accounts (UC25), its refusal `refused` becoming `unknownEmail`.
    private func accounts<T>(refusing refused: AccountError, _ body: (AppAuth) async throws -> T)
        async throws(MedspaceError) -> T
    {
        do {
            return try await body(host.accounts)
        } catch let error as AccountError where error == refused {
            throw .unknownEmail
        } catch {
            throw MedspaceError.mapped(error)
        }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(MedspaceError) -> StoreStatistics {
        try await host.services.statistics()
    }

    /// Stops the notifier and closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() async {
        await notifier.stop()
        host.close()
    }
}
