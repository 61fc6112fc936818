public import ExampleSupport
public import Hearth

/// A signed-in Medspace user (UC3's `signOut` included). Each method is one use case; every
/// request it makes runs under the security rules as this user (`db`), so the rules — not this
/// code — have the last word on what the user may read and write.
public typealias UserSession = AppSession<Backend>

extension UserSession {
    /// The user's own database handle, as a modified client would use it to skip this app's
    /// checks: the security rules still judge every request it makes (the demo and the tests use
    /// it to show what the rules refuse on their own). Once signed out, its calls fail.
    public func directClient() -> Firestore {
        db
    }

    /// The signed-in user's profile.
    /// - Throws: `userNotFound`.
    public func profile() async throws(MedspaceError) -> MedspaceUser {
        try await user(uid)
    }

    /// The profile of `uid`.
    /// - Throws: `userNotFound`.
    func user(_ uid: String) async throws(MedspaceError) -> MedspaceUser {
        guard FieldCheck.identifier(uid) else { throw .userNotFound(uid: uid) }
        return try await MedspaceError.mapping {
            guard let user = try await db.collection(Collections.users).document(uid).decoded(as: MedspaceUser.self)
            else { throw MedspaceError.userNotFound(uid: uid) }
            return user
        }
    }

    /// Writes `profile` as `Users/<uid>` and claims its user name, releasing `oldKey`'s claim,
    /// in one transaction on `db` (acting as the user) that refuses a name claimed by someone else.
    /// - Throws: `usernameTaken`; `notAllowed` when the rules refuse.
    static func writeProfile(
        _ profile: MedspaceUser, uid: String, releasing oldKey: String?, in db: Firestore
    ) async throws(MedspaceError) {
        let names = db.collection(Collections.usernames)
        let claim = names.document(profile.usernameKey)
        try await MedspaceError.mapping {
            try await db.runTransaction { transaction in
                let current = try transaction.getDocument(claim)
                if current.exists, current.get("uid") as? String != uid {
                    throw MedspaceError.usernameTaken(profile.username)
                }
                transaction.setData(from: profile, forDocument: db.collection(Collections.users).document(uid))
                if !current.exists { transaction.setData(["uid": uid], forDocument: claim) }
                if let oldKey, oldKey != profile.usernameKey { transaction.deleteDocument(names.document(oldKey)) }
            }
        }
    }
}
