import Hearth

extension UserSession {
    /// CU-003: every registered user, by name (the user directory).
    public func users() async throws(GiftworldError) -> [User] {
        do {
            return try await db().collection(Collections.users).getDocuments().decoded(as: User.self)
                .sorted { ($0.firstname, $0.lastname, $0.id ?? "") < ($1.firstname, $1.lastname, $1.id ?? "") }
        } catch {
            throw GiftworldError(error)
        }
    }

    /// CU-003: one user's card (read-only for everyone but its owner).
    /// - Throws: `userNotFound`.
    public func user(_ uid: String) async throws(GiftworldError) -> User {
        guard FieldCheck.identifier(uid) else { throw .userNotFound(uid: uid) }
        do {
            guard let user = try await db().collection(Collections.users).document(uid).decoded(as: User.self) else {
                throw GiftworldError.userNotFound(uid: uid)
            }
            return user
        } catch {
            throw GiftworldError(error)
        }
    }

    /// Changes the signed-in user's picture URL (the only card field editable after sign-up).
    public func changePicture(to url: String) async throws(GiftworldError) {
        do {
            try await db().collection(Collections.users).document(uid).updateData([
                "image_url": try FieldCheck.link(url, "image_url")
            ])
        } catch {
            throw GiftworldError(error)
        }
    }
}
