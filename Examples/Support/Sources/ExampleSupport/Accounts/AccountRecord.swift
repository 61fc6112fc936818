import Hearth

/// One account as the account store keeps it, `accounts/<email>` in the separate `accounts` database.
struct AccountRecord: Codable, Sendable {
    /// The user id.
    var uid: String
    /// The normalized email (also the document id).
    var email: String
    /// The salted password hash.
    var password: PasswordHash
    /// When the account was created.
    @ServerTimestamp var createdAt: Timestamp?

    /// The account it describes.
    var account: Account { Account(uid: uid, email: email) }
}
