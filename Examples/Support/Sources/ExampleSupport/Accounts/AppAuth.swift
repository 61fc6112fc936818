public import Hearth

/// The example apps' one client of Hearth's Auth (the FirebaseAuth SDK's shape, embedded on the
/// app's data directory): sign-up, sign-in, password reset and e-mail confirmation. Every sign-in
/// gets its own `Auth` instance — one device each — so several users can be signed in at once, as
/// on several phones; the accounts are the ones `hearth serve` shows on the same directory.
public struct AppAuth: Sendable {
    /// The data directory whose account store is used.
    public let directory: String
    /// The project the accounts belong to.
    public let projectID: String
    /// PBKDF2 rounds for new passwords (tests lower it).
    public let passwordRounds: Int
    /// The backend's own instance, never signed in: counts and the local mailbox.
    private let backend: Auth

    /// Opens the account store of `directory` for `projectID`, hashing new passwords with `passwordRounds`.
    /// - Throws: `AccountError.unavailable` when the store cannot be opened.
    public init(directory: String, projectID: String, passwordRounds: Int) throws {
        self.directory = directory
        self.projectID = projectID
        self.passwordRounds = passwordRounds
        do {
            backend = try Auth(directory: directory, projectID: projectID, passwordRounds: passwordRounds)
        } catch {
            throw AccountError(error, email: "")
        }
    }

    /// Gives back the backend's share of the store (signed-in devices keep theirs until dropped).
    public func close() {
        backend.close()
    }

    /// Creates the account `email` (already normalized) and signs in to it on a new device.
    /// - Throws: `AccountError.emailAlreadyInUse`, `.weakPassword`.
    public func createAccount(email: String, password: String) async throws -> Account {
        let device = try newDevice()
        do {
            let result = try await device.createUser(withEmail: email, password: password)
            return Account(user: result.user, auth: device)
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Signs in to `email` (already normalized) on a new device.
    /// - Throws: `AccountError.wrongCredentials` for an unknown e-mail or a wrong password, alike; `.disabled`.
    public func signIn(email: String, password: String) async throws -> Account {
        let device = try newDevice()
        do {
            let result = try await device.signIn(withEmail: email, password: password)
            return Account(user: result.user, auth: device)
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Registers a user: creates the account, then runs `createProfile` with a handle acting as the
    /// new user (so the rules judge the profile write) and closes it. When the profile cannot be
    /// written the account is deleted again, so no half-registered user remains.
    /// - Throws: `AccountError.emailAlreadyInUse`, or whatever `createProfile` throws.
    public func register(
        email: String, password: String, through admin: Firestore,
        creatingProfile createProfile: (_ user: Firestore, _ account: Account) async throws -> Void
    ) async throws -> Account {
        let account = try await createAccount(email: email, password: password)
        let user = try await account.firestore(on: admin)
        defer { user.close() }
        do {
            try await createProfile(user, account)
        } catch {
            try? await account.delete()
            throw error
        }
        return account
    }

    /// Sends the password-reset e-mail for `email` (already normalized) and returns its code, read
    /// from the local mailbox where a real user would follow the link.
    /// - Throws: `AccountError.wrongCredentials` when no account uses the e-mail.
    public func requestPasswordReset(email: String) async throws -> String {
        do {
            try await backend.sendPasswordReset(withEmail: email)
            return try Mailbox.latestCode(in: backend, for: email, type: "PASSWORD_RESET")
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Sets `newPassword` with a password-reset code (usable once).
    /// - Throws: `AccountError.invalidCode`, `.weakPassword`.
    public func confirmPasswordReset(code: String, newPassword: String) async throws {
        do {
            try await backend.confirmPasswordReset(withCode: code, newPassword: newPassword)
        } catch {
            throw AccountError(error, email: "")
        }
    }

    /// Confirms an e-mail address with the code of its confirmation e-mail.
    /// - Throws: `AccountError.invalidCode`.
    public func confirmEmail(code: String) async throws {
        do {
            try await backend.applyActionCode(code)
        } catch {
            throw AccountError(error, email: "")
        }
    }

    /// How many accounts the project has.
    public func accountCount() throws -> Int {
        do {
            return try backend.userCount()
        } catch {
            throw AccountError(error, email: "")
        }
    }

    /// A fresh, signed-out `Auth` instance on the same store.
    private func newDevice() throws -> Auth {
        do {
            return try Auth(directory: directory, projectID: projectID, passwordRounds: passwordRounds)
        } catch {
            throw AccountError(error, email: "")
        }
    }
}
