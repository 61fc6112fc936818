import ExampleSupport
import Hearth

/// A signed-in user inside RoomieFinder (CU-04 onwards). Each method is one use case; every
/// request it makes runs under the security rules as this user, so the rules — not this code —
/// have the last word on what the user may read and write.
public final class UserSession: Sendable {
    /// Who is signed in.
    public let account: Account
    /// The database handle acting as this user, refused once signed out.
    private let handle: SessionHandle
    /// Trusted server-side work (CU-18's favourite clean-up).
    let backend: Backend

    /// A session for `account` using `firestore`, a handle that acts as that user.
    init(account: Account, firestore: Firestore, backend: Backend) {
        self.account = account
        self.handle = SessionHandle(firestore)
        self.backend = backend
    }

    /// The signed-in user's uid.
    public var uid: String { account.uid }

    /// Signs out: the session's handle closes and later calls fail with `unavailable`.
    public func signOut() {
        handle.close()
        account.signOut()
    }

    /// The handle acting as this user.
    /// - Throws: `unavailable` once signed out. (Checked here because Hearth's `close()` does not
    ///   yet refuse later calls while other handles keep the data directory open.)
    func db() throws(RoomieFinderError) -> Firestore {
        guard let firestore = handle.current else { throw .unavailable }
        return firestore
    }

    /// `Perfiles/<uid>`.
    func profileReference(_ uid: String) throws(RoomieFinderError) -> DocumentReference {
        try db().collection(Collections.profiles).document(uid)
    }

    /// The profile of `uid`.
    /// - Throws: `profileNotFound`.
    func profile(of uid: String) async throws(RoomieFinderError) -> Perfil {
        guard FieldCheck.identifier(uid) else { throw .profileNotFound(uid: uid) }
        return try await RoomieFinderError.mapping {
            guard let profile = try await profileReference(uid).decoded(as: Perfil.self) else {
                throw RoomieFinderError.profileNotFound(uid: uid)
            }
            return profile
        }
    }

    /// The ad `id`.
    /// - Throws: `adNotFound`.
    func ad(_ id: String) async throws(RoomieFinderError) -> Anuncio {
        guard FieldCheck.identifier(id) else { throw .adNotFound(id: id) }
        return try await RoomieFinderError.mapping {
            guard let ad = try await db().collection(Collections.ads).document(id).decoded(as: Anuncio.self) else {
                throw RoomieFinderError.adNotFound(id: id)
            }
            return ad
        }
    }
}
