public import ExampleSupport
import Foundation
import Hearth

/// How `Komunit` opens its data directory (project `demo-komunit` unless named).
public typealias KomunitConfiguration = AppConfiguration

/// Komunit's backend on one Hearth data directory: it installs the security rules and indexes,
/// keeps the local accounts, and opens a `UserSession` for each signed-in user whose e-mail is
/// confirmed (CU01, RNF0, CU02, RF2).
///
/// ```swift
/// let app = try await Komunit(directory: "./data")
/// let registration = try await app.register(RegistrationForm(name: "Ana Ruiz", username: "ana",
///     email: "ana@uma.es", password: "secreto1", repeatPassword: "secreto1", latitude: 36.72,
///     longitude: -4.42, acceptsTerms: true))
/// try await app.confirmEmail(code: registration.confirmationCode)   // the link in the e-mail
/// let ana = try await app.enterApp(as: registration.account)      // «Correo confirmado»
/// ```
public final class Komunit: Sendable {
    /// `firestore.rules` and `firestore.indexes.json` as shipped (the links beside the README are
    /// the paths `hearth serve` and deployers use), loaded from the target's resources.
    public static let files = AppFiles(defaultProjectID: "demo-komunit", bundle: .module, shipsIndexes: true)
    /// The directory, accounts and clean-up trigger underneath.
    let host: AppHost<KomunitError, Backend>

    /// Opens (creating when needed) the data directory, installs the rules and indexes (queries
    /// lacking a declared index fail, as in production, unless `requireIndexes` is off) and
    /// registers the clean-up trigger of deleted groups.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: KomunitConfiguration = KomunitConfiguration()) async throws(KomunitError) {
        host = try await AppHost(
            directory: directory, configuration: configuration, files: Self.files, services: Backend.init,
            triggers: { try await $0.installTriggers() })
    }

    /// The settings the app was opened with.
    public var configuration: KomunitConfiguration { host.configuration }

    /// CU01 steps 1–6: validates the form, creates the account, then — as the new user, under the
    /// rules, which let an unconfirmed account reach only its own document — its `users/{uid}`
    /// document, and sends the confirmation e-mail (RNF0). The app then shows the waiting screen;
    /// `enterApp(as:)` opens only once the address is confirmed.
    /// - Throws: `invalidField` (password under 6 characters, missing user name or location…);
    ///   `passwordsDoNotMatch`; `termsNotAccepted`; `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(KomunitError) -> Registration {
        let (user, email) = try form.validated()
        let account = try await host.register(email: email, password: form.password) { handle, account in
            try await handle.collection(Collections.users).document(account.uid).setData(from: user)
        }
        return Registration(account: account, confirmationCode: try await resendConfirmation(for: account))
    }

    /// RNF0 / CU02 alt. 3.1, «Reenviar confirmación»: sends the confirmation e-mail again and
    /// returns its code (the local mailbox stands in for the e-mailed link).
    /// - Throws: `unavailable` once the account signed out.
    @discardableResult
    public func resendConfirmation(for account: Account) async throws(KomunitError) -> String {
        try await KomunitError.mapping { try await account.sendEmailVerification() }
    }

    /// RNF0: what following the link of the confirmation e-mail does — outside the app, in the
    /// mailbox — confirming the address (a code works once).
    /// - Throws: `invalidCode`.
    public func confirmEmail(code: String) async throws(KomunitError) {
        try await KomunitError.mapping { try await host.accounts.confirmEmail(code: code) }
    }

    /// RF2, "¿Olvidaste tu contraseña?": sends the password-reset e-mail and returns its code (the
    /// local mailbox stands in for the e-mailed link).
    /// - Throws: `invalidField` for a malformed address; `unknownEmail` when no account uses it.
    public func requestPasswordReset(email: String) async throws(KomunitError) -> String {
        let normalized = try FieldCheck.email(email)
        do {
            return try await host.accounts.requestPasswordReset(email: normalized)
        } catch AccountError.wrongCredentials {
            throw .unknownEmail
        } catch {
            throw KomunitError.mapped(error)
        }
    }

    /// RF2, the page the reset link opens: sets `newPassword` with the e-mailed code (usable once).
    /// - Throws: `invalidField` (password under 6 characters); `invalidCode`.
    public func resetPassword(code: String, newPassword: String) async throws(KomunitError) {
        try FieldCheck.password(newPassword)
        try await KomunitError.mapping {
            try await host.accounts.confirmPasswordReset(code: code, newPassword: newPassword)
        }
    }

    /// CU02: checks the email and password.
    /// - Throws: `wrongCredentials` for a malformed or unknown email or a wrong password, alike.
    public func signIn(email: String, password: String) async throws(KomunitError) -> Account {
        try await host.signIn(email: email, password: password)
    }

    /// Enters the app as `account` — RNF0's «Correo confirmado» and the end of CU02: checks with
    /// the account store that the e-mail is confirmed, refreshes the ID token so the rules see
    /// `email_verified`, and opens a session whose every request runs under the rules as that user.
    /// - Throws: `emailNotConfirmed` (the app shows the confirmation screen with «Reenviar
    ///   confirmación»); `userNotFound` when the account has no user document (its registration
    ///   failed halfway).
    public func enterApp(as account: Account) async throws(KomunitError) -> UserSession {
        try await KomunitError.mapping {
            guard try await account.isEmailVerified() else { throw KomunitError.emailNotConfirmed }
            do {
                _ = try await account.user.getIDToken(forcingRefresh: true)
            } catch {
                throw AccountError(error, email: account.email)
            }
        }
        return try await host.enter(as: account) { session throws(KomunitError) in _ = try await session.profile() }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(KomunitError) -> StoreStatistics {
        try await host.services.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() { host.close() }
}

/// A new account waiting for its e-mail confirmation (RNF0, CU01 steps 6–9).
public struct Registration: Sendable, Equatable {
    /// The account, signed in on this device but not yet allowed into the app.
    public let account: Account
    /// The code of the confirmation e-mail, read from the local mailbox (the emulator's
    /// out-of-band codes) where a real user would follow the e-mailed link.
    public let confirmationCode: String
}

/// The domain's limits (RNF1, RNF2).
public enum Limits {
    /// A user belongs to at most this many groups at once.
    public static let groupsPerUser = 4
    /// A user owns (has created and still owns) at most this many groups.
    public static let ownedGroupsPerUser = 2
}
