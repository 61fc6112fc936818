public import ExampleSupport
import Foundation
import Hearth

/// How `Giftworld` opens its data directory (project `demo-giftworld` unless named).
public typealias GiftworldConfiguration = AppConfiguration

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
    /// `firestore.rules` as shipped (the link beside the README is the path `hearth serve` and
    /// deployers use), loaded from the target's resources; Giftworld declares no indexes.
    public static let files = AppFiles(defaultProjectID: "demo-giftworld", bundle: .module, shipsIndexes: false)
    /// The directory, accounts and triggers underneath.
    let host: AppHost<GiftworldError, Backend>

    /// Opens (creating when needed) the data directory, installs `firestore.rules` and registers
    /// the membership triggers.
    /// - Throws: `storage` when the directory cannot be opened.
    public init(directory: String, configuration: GiftworldConfiguration = GiftworldConfiguration())
        async throws(GiftworldError)
    {
        host = try await AppHost(
            directory: directory, configuration: configuration, files: Self.files, services: Backend.init,
            triggers: { try await $0.installTriggers() })
    }

    /// The settings the app was opened with.
    public var configuration: GiftworldConfiguration { host.configuration }

    /// CU-001: validates the sign-up form (the thesis's password rule included), creates the
    /// account, then — as the new user, under the rules — its card `users/{uid}`.
    /// - Throws: `invalidField`; `weakPassword`; `emailAlreadyInUse`.
    public func register(_ form: RegistrationForm) async throws(GiftworldError) -> Account {
        let valid = try form.validated()
        return try await host.register(email: valid.email, password: valid.password) { user, account in
            try await user.collection(Collections.users).document(account.uid).setData(from: User(registering: valid))
        }
    }

    /// CU-002: checks the email and password.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password; `invalidField` when
    ///   the password is empty.
    public func signIn(email: String, password: String) async throws(GiftworldError) -> Account {
        guard EmailAddress.normalized(email) != nil else { throw .wrongCredentials }
        guard !password.isEmpty else { throw .invalidField(name: "password", reason: "required") }
        return try await host.signIn(email: email, password: password)
    }

    /// Enters the app as `account` (the main menu): a session whose every request runs under the
    /// rules as that user.
    /// - Throws: `userNotFound` when the account has no card (its registration failed halfway).
    public func enterApp(as account: Account) async throws(GiftworldError) -> UserSession {
        try await host.enter(as: account) { session throws(GiftworldError) in _ = try await session.user(account.uid) }
    }

    /// Counts of what the data directory holds (a backend view, for the demo's summary).
    public func statistics() async throws(GiftworldError) -> StoreStatistics {
        try await host.services.statistics()
    }

    /// Closes the backend's handles; sessions keep the directory open until they sign out.
    public func close() { host.close() }
}
