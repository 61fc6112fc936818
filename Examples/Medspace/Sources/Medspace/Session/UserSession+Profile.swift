import Hearth

extension UserSession {
    /// UC19: changes the user name and full name. The new name is claimed and the old one
    /// released in the same transaction.
    /// - Throws: `missingField`/`invalidField`; `nothingChanged` when both equal what is stored;
    ///   `usernameTaken`.
    public func editProfile(_ form: ProfileForm) async throws(MedspaceError) {
        let valid = try form.validated()
        var profile = try await profile()
        guard valid.username != profile.username || valid.fullname != profile.fullname else { throw .nothingChanged }
        let oldKey = profile.usernameKey
        profile.username = valid.username
        profile.usernameKey = valid.username.lowercased()
        profile.fullname = valid.fullname
        try await Self.writeProfile(profile, uid: uid, releasing: oldKey, in: db)
    }

    /// UC20: turns keyword notifications on or off.
    public func setNotifications(_ enabled: Bool) async throws(MedspaceError) {
        try await MedspaceError.mapping {
            try await db.collection(Collections.users).document(uid).updateData(["notifications": enabled])
        }
    }

    /// UC24: sets a new password (typed twice).
    /// - Throws: `missingField`; `weakPassword`; `passwordsDoNotMatch`.
    public func changePassword(to newPassword: String, repeat repeated: String) async throws(MedspaceError) {
        let password = try FieldCheck.password(newPassword)
        guard password == repeated else { throw .passwordsDoNotMatch }
        try await MedspaceError.mapping {
            try await account.changePassword(to: password)
        }
    }
}
