public import ExampleSupport
import Hearth

/// A signed-in user inside Komunit. Each method is one use case; every request it makes runs
/// under the security rules as this user (`db`), so the rules — not this code — have the last
/// word on what the user may read and write. `signOut()` (CU3) closes the handle: later calls
/// fail with `unavailable`.
public typealias UserSession = AppSession<Backend>

extension UserSession {
    /// Trusted server-side work (clean-up of deleted groups).
    var backend: Backend { services }

    /// `users/<uid>` of the signed-in user.
    func userReference() -> DocumentReference {
        db.collection(Collections.users).document(uid)
    }

    /// `groups/<groupId>`, after checking the id.
    func groupReference(_ groupId: String) throws(KomunitError) -> DocumentReference {
        guard FieldCheck.identifier(groupId) else { throw .groupNotFound(id: groupId) }
        return db.collection(Collections.groups).document(groupId)
    }

    /// `memberships/<groupId>_<uid>` of the signed-in user.
    func membershipReference(_ groupId: String) -> DocumentReference {
        db.collection(Collections.memberships).document(Collections.membershipID(group: groupId, user: uid))
    }

    /// The signed-in user's document.
    /// - Throws: `userNotFound`.
    public func profile() async throws(KomunitError) -> Usuario {
        let snapshot: DocumentSnapshot = try await KomunitError.mapping {
            try await userReference().getDocument()
        }
        guard snapshot.exists else { throw .userNotFound(uid: uid) }
        return try snapshot.decoded(as: Usuario.self)
    }

    /// RF4: changes the user name and the preferred location.
    /// - Throws: `invalidField`.
    public func editProfile(username: String, latitude: Double, longitude: Double) async throws(KomunitError)
        -> Usuario
    {
        let name = try FieldCheck.required(username, "username")
        let location = try FieldCheck.location(latitude: latitude, longitude: longitude, "preferredLocation")
        try await KomunitError.mapping {
            try await userReference().updateData(["username": name, "preferredLocation": location])
        }
        return try await profile()
    }

    /// RF4 / A.6 "actualizar foto de perfil": records where the profile photo is kept (the thesis
    /// names no file store, so only the path is stored); nil removes it.
    /// - Throws: `invalidField` for an empty path or one over 1,024 bytes.
    public func setPhoto(path: String?) async throws(KomunitError) -> Usuario {
        let value: Any
        if let path {
            let trimmed = try FieldCheck.required(path, "photoPath")
            guard trimmed.utf8.count <= Self.maximumPhotoPathLength else {
                throw .invalidField(name: "photoPath", reason: "no puede superar \(Self.maximumPhotoPathLength) bytes")
            }
            value = trimmed
        } else {
            value = FieldValue.delete()
        }
        try await KomunitError.mapping {
            try await userReference().updateData(["photoPath": value])
        }
        return try await profile()
    }

    /// The longest photo path, in UTF-8 bytes.
    public static var maximumPhotoPathLength: Int { 1024 }

    /// The group `groupId`.
    /// - Throws: `groupNotFound`.
    public func group(_ groupId: String) async throws(KomunitError) -> Grupo {
        let snapshot: DocumentSnapshot = try await KomunitError.mapping {
            try await groupReference(groupId).getDocument()
        }
        guard snapshot.exists else { throw .groupNotFound(id: groupId) }
        return try snapshot.decoded(as: Grupo.self)
    }

    /// Whether the signed-in user belongs to `groupId`.
    public func isMember(of groupId: String) async throws(KomunitError) -> Bool {
        return try await KomunitError.mapping {
            return try await membershipReference(groupId).getDocument().exists
        }
    }
}
