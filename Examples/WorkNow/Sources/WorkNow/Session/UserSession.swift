import ExampleSupport
import Hearth

/// A signed-in user inside WorkNow. Each method is one use case; every request it makes runs
/// under the security rules as this user, so the rules — not this code — have the last word.
public final class UserSession: Sendable {
    /// Who is signed in.
    public let account: Account
    /// The database handle acting as this user, refused once signed out.
    private let handle: SessionHandle

    /// A session for `account` using `firestore`, a handle that acts as that user.
    init(account: Account, firestore: Firestore) {
        self.account = account
        self.handle = SessionHandle(firestore)
    }

    /// The signed-in user's uid.
    public var uid: String { account.uid }

    /// Signs out: the session's handle closes and later calls fail with `unavailable`.
    public func signOut() {
        handle.close()
        account.signOut()
    }

    /// The handle acting as this user.
    /// - Throws: `unavailable` once signed out.
    func db() throws(WorkNowError) -> Firestore {
        guard let firestore = handle.current else { throw .unavailable }
        return firestore
    }

    /// `requests/<id>`.
    func requestReference(_ id: String) throws(WorkNowError) -> DocumentReference {
        guard FieldCheck.identifier(id) else { throw .requestNotFound(id: id) }
        return try db().collection(Collections.requests).document(id)
    }

    /// `users/<uid>`.
    func userReference(_ uid: String) throws(WorkNowError) -> DocumentReference {
        guard FieldCheck.identifier(uid) else { throw .profileNotFound(uid: uid) }
        return try db().collection(Collections.users).document(uid)
    }

    /// The request `id` as the user may see it.
    /// - Throws: `requestNotFound` when it does not exist or the rules hide it.
    public func request(_ id: String) async throws(WorkNowError) -> Solicitud {
        let reference = try requestReference(id)
        do {
            let snapshot = try await reference.getDocument()
            guard snapshot.exists else { throw WorkNowError.requestNotFound(id: id) }
            return try snapshot.decoded(as: Solicitud.self)
        } catch {
            let mapped = WorkNowError(error)
            if case .notAllowed = mapped { throw .requestNotFound(id: id) }
            throw mapped
        }
    }
}
