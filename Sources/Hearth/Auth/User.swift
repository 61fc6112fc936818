internal import HearthAuth
import Foundation
import Synchronization

/// A signed-in account (the FirebaseAuth SDK's `User`): its profile as last read, and what it can do.
public final class User: Sendable {
    /// The uid (`request.auth.uid` in the rules).
    public let uid: String
    private let auth: Auth
    private let record: Mutex<AuthJSON>

    init(auth: Auth, record: AuthJSON) {
        self.auth = auth
        self.uid = record["localId"]?.string ?? ""
        self.record = Mutex(record)
    }

    /// The e-mail address.
    public var email: String? { record.withLock { $0["email"]?.string } }
    /// The display name.
    public var displayName: String? { record.withLock { $0["displayName"]?.string } }
    /// The photo URL.
    public var photoURL: String? { record.withLock { $0["photoUrl"]?.string } }
    /// Whether the address was verified.
    public var isEmailVerified: Bool { record.withLock { $0["emailVerified"]?.bool ?? false } }
    /// Whether the account has no credential (signed in anonymously).
    public var isAnonymous: Bool {
        record.withLock { $0["email"] == nil && $0["providerUserInfo"] == nil && $0["customAuth"]?.bool != true }
    }

    /// The ID token (refreshed when `forcingRefresh` or close to expiry), as Firestore's server side reads it.
    /// - Throws: `.invalidUserToken` when this user is no longer signed in; `.userTokenExpired` after a revocation.
    public func getIDToken(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> String {
        try auth.idToken(for: self, force: forcingRefresh)
    }

    /// The ID token's claims (custom claims included), as `request.auth.token` shows them.
    public func getIDTokenClaims(forcingRefresh: Bool = false) async throws(AuthErrorCode) -> [String: any Sendable] {
        let token = try auth.idToken(for: self, force: forcingRefresh)
        return Self.claims(ofIDToken: token).mapValues(Self.plain)
    }

    /// Changes the password; older sessions elsewhere end (`TOKEN_EXPIRED`), this one gets new tokens.
    /// - Throws: `.weakPassword`.
    public func updatePassword(to password: String) async throws(AuthErrorCode) {
        let token = try auth.idToken(for: self, force: false)
        let response = try auth.call(.update, ["idToken": .string(token), "password": .string(password)])
        if response["idToken"] != nil { try auth.adopt(response) }
    }

    /// Changes the display name.
    public func updateDisplayName(_ name: String?) async throws(AuthErrorCode) {
        let token = try auth.idToken(for: self, force: false)
        let body: AuthJSON = name.map { ["idToken": .string(token), "displayName": .string($0)] }
            ?? ["idToken": .string(token), "deleteAttribute": ["DISPLAY_NAME"]]
        _ = try auth.call(.update, body)
        try await reload()
    }

    /// Records an e-mail verification code for this user's address (read it with `Auth.outOfBandCodes()`).
    public func sendEmailVerification() async throws(AuthErrorCode) {
        let token = try auth.idToken(for: self, force: false)
        _ = try auth.call(.sendOobCode, ["requestType": "VERIFY_EMAIL", "idToken": .string(token)])
    }

    /// Re-reads the profile from the store.
    public func reload() async throws(AuthErrorCode) {
        let token = try auth.idToken(for: self, force: false)
        let looked = try auth.call(.lookup, ["idToken": .string(token)])
        if let fresh = looked["users"]?.elements?.first { record.withLock { $0 = fresh } }
    }

    /// Deletes the account and signs out.
    public func delete() async throws(AuthErrorCode) {
        let token = try auth.idToken(for: self, force: false)
        _ = try auth.call(.delete, ["idToken": .string(token)])
        auth.endSession(of: uid)
    }

    /// The claims of an ID token.
    static func claims(ofIDToken token: String) -> [String: AuthJSON] {
        let sections = token.split(separator: ".", omittingEmptySubsequences: false)
        guard sections.count >= 2 else { return [:] }
        var text = sections[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text.append("=") }
        guard let data = Data(base64Encoded: text), let parsed = try? AuthJSON.parse(data) else { return [:] }
        return parsed.fields ?? [:]
    }

    /// A claim as a plain Swift value (`String`, `Int64`, `Double`, `Bool`, arrays, dictionaries; NSNull for null).
    static func plain(_ value: AuthJSON) -> any Sendable {
        switch value {
        case .null: Optional<String>.none as any Sendable
        case .bool(let flag): flag
        case .integer(let number): number
        case .double(let number): number
        case .string(let text): text
        case .array(let elements): elements.map(plain)
        case .object(let fields): fields.mapValues(plain)
        }
    }
}
