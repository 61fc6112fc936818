/// A signed-in user as the local account service knows them (Firebase Auth's `User`, reduced).
public struct Account: Sendable, Equatable {
    /// The user id: 28 random letters and digits, like a Firebase Auth uid.
    public let uid: String
    /// The normalized (lowercased) email address.
    public let email: String

    /// An account with this uid and email.
    public init(uid: String, email: String) {
        self.uid = uid
        self.email = email
    }
}
