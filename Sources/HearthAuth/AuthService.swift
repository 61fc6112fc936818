import Foundation
import Synchronization

/// Who is calling the Auth emulator: for which project, and whether as an administrator
/// (`Authorization: Bearer owner`, as the Admin SDKs send in emulator mode) or as an app (an API key).
public struct AuthCaller: Sendable, Equatable {
    /// The project whose accounts the request reads and changes.
    public var project: String
    /// Whether the request may use the admin-only fields and routes.
    public var privileged: Bool

    /// A caller of `project`.
    public init(project: String, privileged: Bool) {
        self.project = project
        self.privileged = privileged
    }
}

/// The Identity Toolkit and Secure Token operations the Auth emulator serves, over Hearth's own
/// account store. Each takes and returns the request's and response's JSON, so the REST routes, the
/// Swift `Auth` API and the importer share one implementation.
public final class AuthService: Sendable {
    /// The accounts.
    public let store: AuthStore
    /// How passwords are hashed.
    let hasher: PasswordHasher
    /// Milliseconds since 1970 (injected: tests move time on by hand).
    let now: @Sendable () -> Int64
    /// Where the emulator's out-of-band links point (`http://host:port`; set once the port is bound).
    private let linkBaseValue: Mutex<String>

    /// A service over `store`; `now` gives milliseconds since 1970.
    public init(
        store: AuthStore, hasher: PasswordHasher = PasswordHasher(), linkBase: String = "http://127.0.0.1:8080",
        now: @escaping @Sendable () -> Int64 = AuthService.systemMilliseconds
    ) {
        self.store = store
        self.hasher = hasher
        self.linkBaseValue = Mutex(linkBase)
        self.now = now
    }

    /// Where out-of-band links point.
    public var linkBase: String {
        get { linkBaseValue.withLock { $0 } }
        set { linkBaseValue.withLock { $0 = newValue } }
    }

    /// The system clock in milliseconds since 1970.
    public static func systemMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Seconds since 1970.
    var nowSeconds: Int64 { now() / 1000 }

    // MARK: Shared checks

    /// Whether `email` has the shape the Auth emulator accepts (`^[^@]+@[^@]+$`).
    static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// Refuses a password shorter than six characters.
    static func checkStrength(_ password: String) throws(AuthError) {
        if password.count < 6 { throw .invalid(AuthError.Message.weakPassword) }
    }

    /// Parses and checks custom attributes: JSON object text of at most 1,000 characters, no reserved claim.
    static func checkCustomAttributes(_ text: String) throws(AuthError) {
        guard text.count <= 1000 else { throw .invalid("CLAIMS_TOO_LARGE") }
        guard let fields = (try? AuthJSON.parse(Data(text.utf8)))?.fields else { throw .invalid("INVALID_CLAIMS") }
        if let reserved = fields.keys.sorted().first(where: AuthTokens.reservedClaims.contains) {
            throw .invalid("FORBIDDEN_CLAIM : \(reserved)")
        }
    }

    /// A random identifier of `length` characters drawn from `alphabet`.
    static func randomID(length: Int, alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }

    /// A new uid: 28 letters and digits.
    static func newUserID() -> String {
        randomID(length: 28, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    }

    /// The account an ID token names, checked as the Auth emulator checks it.
    /// - Throws: `INVALID_ID_TOKEN`, `USER_NOT_FOUND`, `TOKEN_EXPIRED` (revoked) or `USER_DISABLED`.
    func user(idToken: String?, _ tables: AuthTables) throws(AuthError) -> AuthUser {
        guard let idToken, !idToken.isEmpty else { throw .invalid("MISSING_ID_TOKEN") }
        let (uid, claims) = try AuthTokens.idTokenClaims(idToken)
        guard let user = try attempt({ try tables.user(uid) }) else { throw .invalid("USER_NOT_FOUND") }
        if let validSince = user.validSince, let issued = claims["iat"]?.integer, issued < validSince {
            throw .invalid("TOKEN_EXPIRED")
        }
        if user.disabled { throw .invalid("USER_DISABLED") }
        return user
    }

    /// Issues an ID token and a refresh token for `user` and records the refresh. `newSession` (a
    /// password or e-mail change, which revokes the sessions before it) makes the session begin now,
    /// so its ID token differs from one issued earlier in the same second, which the SDK would keep
    /// together with the revoked refresh token.
    func issueTokens(
        _ user: inout AuthUser, caller: AuthCaller, provider: String, extraClaims: [String: AuthJSON] = [:],
        newSession: Bool = false
    ) -> (idToken: String, refreshToken: String) {
        let moment = now()
        user.lastRefreshAt = moment
        let idToken = AuthTokens.idToken(
            for: user, project: caller.project, provider: provider, extraClaims: extraClaims, now: moment / 1000,
            authTime: newSession ? moment / 1000 : nil)
        let refresh = AuthTokens.refreshToken(
            .init(localId: user.localID, provider: provider, extraClaims: extraClaims, projectId: caller.project,
                  issuedAt: moment / 1000))
        return (idToken, refresh)
    }

    /// The token fields of a sign-in response.
    static func tokenFields(_ tokens: (idToken: String, refreshToken: String)) -> [String: AuthJSON] {
        ["idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken), "expiresIn": .string("3600")]
    }

    /// Runs a store access, turning storage errors into `INTERNAL`.
    func attempt<R>(_ body: () throws -> R) throws(AuthError) -> R { try AuthError.catching(body) }

    /// Runs `body` in a write transaction of the caller's project.
    func write<R>(_ caller: AuthCaller, _ body: (AuthTables) throws -> R) throws(AuthError) -> R {
        try store.write(caller.project) { tables throws(AuthError) in try attempt { try body(tables) } }
    }

    /// Runs `body` over a snapshot of the caller's project.
    func read<R>(_ caller: AuthCaller, _ body: (AuthTables) throws -> R) throws(AuthError) -> R {
        try store.read(caller.project) { tables throws(AuthError) in try attempt { try body(tables) } }
    }
}
