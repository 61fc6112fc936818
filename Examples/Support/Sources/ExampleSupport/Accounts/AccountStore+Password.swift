import Hearth

extension AccountStore {
    /// The collection holding one-time password-reset codes, keyed by the code.
    public static let resetCollection = "passwordResets"

    /// Replaces the password of the account `email` (already normalized) with `newPassword`.
    /// - Throws: `AccountError.wrongCredentials` when there is no such account; `FirestoreError`
    ///   when the store fails.
    public func changePassword(email: String, to newPassword: String) async throws {
        let reference = store.collection(Self.collection).document(email)
        let hash = PasswordHash.make(password: newPassword, iterations: iterations)
        try await store.runTransaction { transaction in
            let snapshot = try transaction.getDocument(reference)
            guard snapshot.exists else { throw AccountError.wrongCredentials }
            var record = try snapshot.data(as: AccountRecord.self)
            record.password = hash
            transaction.setData(from: record, forDocument: reference)
        }
    }

    /// Starts a password reset for `email` (already normalized): stores a one-time code and
    /// returns it — the local stand-in for the link Firebase Auth would email.
    /// - Throws: `AccountError.wrongCredentials` when no account uses the email.
    public func requestPasswordReset(email: String) async throws -> String {
        guard try await store.collection(Self.collection).document(email).getDocument().exists else {
            throw AccountError.wrongCredentials
        }
        let code = UUIDCode.make()
        try await store.collection(Self.resetCollection).document(code).setData(["email": email])
        return code
    }

    /// Completes a reset: the code's account gets `newPassword`, and the code is used up.
    /// Returns the account's email.
    /// - Throws: `AccountError.wrongCredentials` for an unknown or already used code.
    public func confirmPasswordReset(code: String, newPassword: String) async throws -> String {
        guard !code.isEmpty, !code.contains("/") else { throw AccountError.wrongCredentials }
        let reference = store.collection(Self.resetCollection).document(code)
        let email: String = try await store.runTransaction { transaction in
            let snapshot = try transaction.getDocument(reference)
            guard snapshot.exists, let email = snapshot.get("email") as? String else {
                throw AccountError.wrongCredentials
            }
            transaction.deleteDocument(reference)
            return email
        }
        try await changePassword(email: email, to: newPassword)
        return email
    }
}

/// Random one-time codes for password resets.
enum UUIDCode {
    /// 32 random hexadecimal digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }
}

extension String {
    /// The string with `0`s in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
