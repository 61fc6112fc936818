import Foundation

/// One account as the Auth emulator keeps it: the Identity Toolkit's user record, with the password
/// held only as a salted hash.
struct AuthUser: Codable, Sendable, Equatable {
    /// The uid (`localId`): 28 letters and digits when generated.
    var localID: String
    /// The e-mail address, lower-cased.
    var email: String?
    /// Whether the address was verified (absent for anonymous and custom-token users).
    var emailVerified: Bool?
    /// The display name.
    var displayName: String?
    /// The photo URL.
    var photoURL: String?
    /// The phone number (E.164), set through the admin API or an import.
    var phoneNumber: String?
    /// The password's hash, when the account has one.
    var password: StoredPassword?
    /// When the password last changed, in milliseconds since 1970.
    var passwordUpdatedAt: Int64?
    /// ID tokens issued before this second are revoked.
    var validSince: Int64?
    /// When the account was made, in milliseconds since 1970.
    var createdAt: Int64
    /// The last sign-in, in milliseconds since 1970.
    var lastLoginAt: Int64?
    /// The last token issue, in milliseconds since 1970.
    var lastRefreshAt: Int64?
    /// Custom claims as JSON text (at most 1,000 characters).
    var customAttributes: String?
    /// Whether sign-in is refused.
    var disabled: Bool
    /// Whether the account signed in with a custom token.
    var customAuth: Bool?
    /// Whether the account signed in with an e-mail link.
    var emailLinkSignin: Bool?
    /// The first address before an e-mail change (for the recover-email flow).
    var initialEmail: String?
    /// Linked identity providers other than `password` and `phone` (kept from imports).
    var linkedProviders: [LinkedProvider]

    /// A fresh account.
    init(localID: String, createdAt: Int64) {
        self.localID = localID
        self.createdAt = createdAt
        disabled = false
        linkedProviders = []
    }

    /// Whether the account has no credential at all (signed up anonymously).
    var isAnonymous: Bool {
        email == nil && password == nil && phoneNumber == nil && customAuth != true && linkedProviders.isEmpty
    }

    /// The custom claims, parsed (empty when none or unparsable).
    var claims: [String: AuthJSON] {
        guard let text = customAttributes, let parsed = try? AuthJSON.parse(Data(text.utf8)) else { return [:] }
        return parsed.fields ?? [:]
    }
}

/// A password as stored: never the password itself.
struct StoredPassword: Codable, Sendable, Equatable {
    /// `pbkdf2-sha256` for Hearth's own hashes; `imported` for a hash an import brought in whose
    /// algorithm Hearth cannot check (kept so that an export gives it back).
    var algorithm: String
    /// The salt (random bytes for Hearth's hashes, the imported text otherwise).
    var salt: String
    /// PBKDF2 rounds (0 for imported hashes).
    var rounds: Int
    /// The derived key, base64 (the imported text otherwise).
    var hash: String
}

/// An identity provider linked to an account (`google.com`, `github.com`, …), as imports carry them.
struct LinkedProvider: Codable, Sendable, Equatable {
    /// The provider id.
    var providerID: String
    /// The user's id at the provider.
    var rawID: String
    /// The federated id, when the provider gives one.
    var federatedID: String?
    /// The address the provider reported.
    var email: String?
    /// The name the provider reported.
    var displayName: String?
    /// The photo the provider reported.
    var photoURL: String?
    /// The screen name the provider reported.
    var screenName: String?
}
