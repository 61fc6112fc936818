import ExampleSupport
public import Hearth

/// A signed-in user inside Giftworld. Each method is one use case; every request it makes runs
/// under the security rules as this user, so the rules — not this code — have the last word on
/// what the user may read and write.
public final class UserSession: Sendable {
    /// Who is signed in.
    public let account: Account
    /// The database handle acting as this user, refused once signed out.
    private let handle: SessionHandle
    /// Trusted server-side work (membership trigger, group settlement).
    let backend: Backend

    /// A session for `account` using `firestore`, a handle that acts as that user.
    init(account: Account, firestore: Firestore, backend: Backend) {
        self.account = account
        self.handle = SessionHandle(firestore)
        self.backend = backend
    }

    /// The signed-in user's uid.
    public var uid: String { account.uid }

    /// CU-004: signs out; later calls fail with `unavailable`.
    public func signOut() {
        handle.close()
        account.signOut()
    }

    /// The handle acting as this user — also what a test uses to send requests the app never
    /// would, to check that the rules refuse them.
    /// - Throws: `unavailable` once signed out.
    public func db() throws(GiftworldError) -> Firestore {
        guard let firestore = handle.current else { throw .unavailable }
        return firestore
    }
}
