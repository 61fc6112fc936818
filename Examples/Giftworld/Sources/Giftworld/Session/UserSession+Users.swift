import Hearth

extension UserSession {
    /// CU-003: every registered user, by name (the user directory).
    public func users() async throws(GiftworldError) -> [User] {
        return try await GiftworldError.mapping {
            return try await db.collection(Collections.users).getDocuments().decoded(as: User.self)
                .sorted { ($0.firstname, $0.lastname, $0.id ?? "") < ($1.firstname, $1.lastname, $1.id ?? "") }
        }
    }

    /// CU-003: one user's card (read-only for everyone but its owner).
    /// - Throws: `userNotFound`.
    public func user(_ uid: String) async throws(GiftworldError) -> User {
        guard FieldCheck.identifier(uid) else { throw .userNotFound(uid: uid) }
        return try await GiftworldError.mapping {
            guard let user = try await db.collection(Collections.users).document(uid).decoded(as: User.self) else {
                throw GiftworldError.userNotFound(uid: uid)
            }
            return user
        }
    }

    /// RF1.4 "Buscar usuarios": the users whose first or last name starts with `text`, ignoring
    /// case (`UserSearch`), by name as in `users()`; empty text gives the whole directory. The
    /// match runs over the directory every signed-in user may read: the card holds no folded copy
    /// of the names that a case-insensitive prefix query could use, and the spec keeps its fields.
    public func searchUsers(_ text: String) async throws(GiftworldError) -> [User] {
        try await users().filter { UserSearch.matches($0, text) }
    }

    /// RF1.3 / CU-003: the signed-in user edits their own card — first name, last name, picture;
    /// the email (the sign-in) stays. Returns the stored card.
    /// - Throws: `invalidField` for an empty name or a picture that is not an http(s) link.
    @discardableResult
    public func editProfile(_ form: ProfileForm) async throws(GiftworldError) -> User {
        let valid = try form.validated()
        try await GiftworldError.mapping {
            try await db.collection(Collections.users).document(uid).updateData([
                "firstname": valid.firstname, "lastname": valid.lastname, "image_url": valid.imageURL,
            ])
        }
        return try await user(uid)
    }

    /// Changes only the signed-in user's picture URL (`editProfile` with the names kept).
    /// - Throws: `invalidField` for a picture that is not an http(s) link.
    public func changePicture(to url: String) async throws(GiftworldError) {
        try await GiftworldError.mapping {
            try await db.collection(Collections.users).document(uid).updateData([
                "image_url": try FieldCheck.link(url, "image_url")
            ])
        }
    }
}
