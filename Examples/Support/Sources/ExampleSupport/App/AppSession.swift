public import Hearth

/// A signed-in user inside an example app: the account, a database handle whose every request
/// runs under the security rules as this user, and the app's trusted `services` (its backend).
/// Each app names it `UserSession` (`typealias UserSession = AppSession<Backend>`) and adds one
/// method per use case in extensions.
public final class AppSession<Services: Sendable>: Sendable {
    /// Who is signed in.
    public let account: Account
    /// The handle acting as this user: the rules, not the app's code, have the last word on what
    /// it may read and write. Once signed out, calls on it fail with `UNAVAILABLE`.
    public let db: Firestore
    /// The app's trusted server-side work (what Firebase runs as Cloud Functions).
    public let services: Services

    /// A session of `account` over `db`, a handle acting as that user.
    public init(account: Account, db: Firestore, services: Services) {
        self.account = account
        self.db = db
        self.services = services
    }

    /// The signed-in user's uid.
    public var uid: String { account.uid }

    /// Signs out: the handle closes, so later calls fail with `unavailable`.
    public func signOut() {
        db.close()
        account.signOut()
    }
}
