import Foundation
import Hearth

extension UserSession {
    /// CU-02: completes the profile after registration with every field of `form` and the photo
    /// path (`Collections.defaultAvatar` when none was chosen), as one update of `Perfiles/<uid>`.
    /// - Throws: `invalidField` naming the first missing field.
    public func createProfile(_ form: ProfileForm, photoPath: String? = nil) async throws(RoomieFinderError) {
        var fields = try form.validatedFields()
        let photo = photoPath?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        fields["urlImage"] = photo.isEmpty ? Collections.defaultAvatar : photo
        try await updateOwnProfile(fields)
    }

    /// CU-12: the signed-in user's profile.
    /// - Throws: `profileNotFound`.
    public func ownProfile() async throws(RoomieFinderError) -> Perfil {
        try await profile(of: uid)
    }

    /// CU-13: replaces the photo path `urlImage` (uploading the bytes is out of scope) and returns
    /// the path it replaced: the old photo, which the app then removes from Storage (Tabla 7.6).
    /// Nil when there is nothing to remove: the old path was the shared default avatar, or the same.
    /// - Throws: `invalidField` for an empty path; `profileNotFound`.
    @discardableResult
    public func changePhoto(to path: String) async throws(RoomieFinderError) -> String? {
        let photo = try FieldCheck.required(path, "urlImage")
        let old = try await ownProfile().urlImage
        try await updateOwnProfile(["urlImage": photo])
        guard let old, old != photo, old != Collections.defaultAvatar else { return nil }
        return old
    }

    /// CU-14: rewrites the profile fields of CU-02 from `form`; the photo is left alone.
    /// - Throws: `invalidField` naming the first missing field.
    public func editProfile(_ form: ProfileForm) async throws(RoomieFinderError) {
        try await updateOwnProfile(try form.validatedFields())
    }

    /// Updates fields of `Perfiles/<uid>`.
    private func updateOwnProfile(_ fields: [String: Any]) async throws(RoomieFinderError) {
        let reference = profileReference(uid)
        do {
            try await reference.updateData(fields)
        } catch where error.code == .notFound {
            throw .profileNotFound(uid: uid)
        } catch where error.code == .permissionDenied {
            // The rules judge an update of a missing profile before its NOT_FOUND (a denial wins,
            // as in Firestore); tell that case from a real refusal by looking.
            if (try? await reference.getDocument().exists) == false { throw .profileNotFound(uid: uid) }
            throw RoomieFinderError.mapped(error)
        } catch {
            throw RoomieFinderError.mapped(error)
        }
    }
}
