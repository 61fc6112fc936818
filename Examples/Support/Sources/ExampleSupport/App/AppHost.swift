public import Hearth

/// What each app's facade (`RoomieFinder`, `WorkNow`, …) stands on: its data directory opened
/// with its rules and indexes, its accounts, its trusted `services` and their triggers; sign-up,
/// sign-in and entering the app as a user. Every failure is the app's own error type.
public final class AppHost<Failure: ExampleAppError, Services: Sendable>: Sendable {
    /// The settings the app was opened with, its project id filled in.
    public let configuration: AppConfiguration
    /// Admin access to the app's database (the rules do not judge it): the backend's, never a user's.
    public let admin: Firestore
    /// The accounts: Hearth's Auth on the same data directory.
    public let accounts: AppAuth
    /// The app's trusted server-side work.
    public let services: Services
    /// The app's registered triggers (removed by `close()`).
    private let triggers: [TriggerRegistration]

    /// Opens (creating when needed) `directory`, installs `files`' rules and indexes (queries
    /// lacking a declared index fail, as in production, unless `requireIndexes` is off), makes the
    /// app's `services` from the admin handle and the accounts, and registers what `triggers` returns.
    /// - Throws: `storage` when the directory cannot be opened or a shipped file does not load;
    ///   whatever registering the triggers throws (the directory is closed again).
    public init(
        directory: String, configuration: AppConfiguration, files: AppFiles,
        services makeServices: (_ admin: Firestore, _ accounts: AppAuth) -> Services,
        triggers install: (Services) async throws -> [TriggerRegistration] = { _ in [] }
    ) async throws(Failure) {
        var resolved = configuration
        resolved.projectID = configuration.projectID ?? files.defaultProjectID
        self.configuration = resolved
        let storage = try Failure.mapping {
            try AppStorage(
                directory: directory, projectID: resolved.projectID ?? files.defaultProjectID,
                options: EngineOptions(
                    durability: resolved.durability, indexes: try files.indexConfiguration(),
                    requireIndexes: resolved.requireIndexes && files.indexes != nil),
                rules: files.rules, passwordIterations: resolved.passwordIterations)
        }
        let services = makeServices(storage.admin, storage.accounts)
        do {
            triggers = try await install(services)
        } catch {
            storage.admin.close()
            storage.accounts.close()
            throw Failure.mapped(error)
        }
        admin = storage.admin
        accounts = storage.accounts
        self.services = services
    }

    /// Sign-up: creates the account `email` (already checked by the app's form), then runs
    /// `createProfile` as the new user, under the rules; a profile the rules refuse deletes the
    /// account again.
    /// - Throws: `emailAlreadyInUse`; what `createProfile` throws, mapped.
    public func register(
        email: String, password: String,
        creatingProfile createProfile: (_ user: Firestore, _ account: Account) async throws -> Void
    ) async throws(Failure) -> Account {
        try await Failure.mapping {
            try await accounts.register(email: email, password: password, through: admin, creatingProfile: createProfile)
        }
    }

    /// Sign-in: checks the e-mail and password.
    /// - Throws: `wrongCredentials` for a malformed or unknown address or a wrong password, alike.
    public func signIn(email: String, password: String) async throws(Failure) -> Account {
        guard let normalized = EmailAddress.normalized(email) else { throw .wrongCredentials }
        return try await Failure.mapping {
            try await accounts.signIn(email: normalized, password: password)
        }
    }

    /// Enters the app as `account`: a session whose every request runs under the rules as that
    /// user, once `check` (e.g. reading the user's profile) passed; a failed check signs it out.
    /// - Throws: what `check` throws; `unavailable` once the account signed out.
    public func enter(
        as account: Account, checking check: (AppSession<Services>) async throws(Failure) -> Void
    ) async throws(Failure) -> AppSession<Services> {
        let db = try await Failure.mapping { try await account.firestore(on: admin) }
        let session = AppSession(account: account, db: db, services: services)
        do {
            try await check(session)
        } catch {
            session.signOut()
            throw error
        }
        return session
    }

    /// Returns once the triggers have done the work of every write made so far (a test or a demo
    /// waits here, as a client would see a Cloud Function's writes arrive).
    public func waitForTriggers() async throws(Failure) {
        try await Failure.mapping { try await admin.waitForTriggers() }
    }

    /// Removes the triggers and closes the backend's handles; sessions keep the directory open
    /// until they sign out.
    public func close() {
        for trigger in triggers { trigger.remove() }
        admin.close()
        accounts.close()
    }
}
