internal import HearthAuth
import Foundation
import Synchronization

/// Firebase Authentication, embedded: the FirebaseAuth SDK's `Auth`, over the same account store
/// `hearth serve` keeps in the data directory (`<directory>/auth`), so accounts made here sign in
/// through the emulator and the other way round.
///
/// ```swift
/// let auth = try Auth(directory: "./data", projectID: "demo-app")
/// let result = try await auth.createUser(withEmail: "ada@example.com", password: "correct horse")
/// let db = try await Firestore(directory: "./data", projectID: "demo-app").signedIn(as: result.user)
/// ```
public final class Auth: Sendable {
    /// The project whose accounts this instance signs in to.
    public let projectID: String
    let service: AuthService
    private let state = Mutex<State>(State())

    private struct State {
        var session: Session?
        var listeners: [Int: @Sendable (Auth, User?) -> Void] = [:]
        var nextListener = 0
        var closed = false
    }

    /// The signed-in session: tokens and the account as last read.
    struct Session {
        var user: User
        var idToken: String
        var refreshToken: String
        var expiresAt: Int64
    }

    /// Opens (creating when missing) the account store of the data directory `directory`.
    /// `passwordRounds` sets the PBKDF2 cost of new passwords (tests lower it).
    /// - Throws: `AuthErrorCode.internalError` when the store cannot be opened.
    public init(directory: String, projectID: String = "demo-hearth", passwordRounds: Int = 10_000) throws(AuthErrorCode) {
        self.projectID = projectID
        let store = AuthStore.acquire(directory: URL(fileURLWithPath: directory).appendingPathComponent("auth").path)
        do {
            try store.prepare()
        } catch {
            store.release()
            throw AuthErrorCode(error)
        }
        service = AuthService(store: store, hasher: PasswordHasher(rounds: passwordRounds))
    }

    /// Gives back this instance's share of the store; later calls fail.
    public func close() {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { service.store.release() }
    }

    deinit { close() }

    /// The signed-in user, or nil.
    public var currentUser: User? { state.withLock { $0.session?.user } }

    // MARK: Signing in

    /// Creates an e-mail/password account and signs in as it.
    /// - Throws: `.emailAlreadyInUse`, `.invalidEmail`, `.weakPassword`.
    @discardableResult
    public func createUser(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        try signIn(.signUp, ["email": .string(email), "password": .string(password), "returnSecureToken": true], isNew: true)
    }

    /// Signs in with an e-mail and password.
    /// - Throws: `.userNotFound`, `.wrongPassword`, `.userDisabled`, `.invalidCredential` (with improved e-mail privacy).
    @discardableResult
    public func signIn(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        try signIn(.signInWithPassword, ["email": .string(email), "password": .string(password)], isNew: false)
    }

    /// Signs in as a new anonymous account.
    @discardableResult
    public func signInAnonymously() async throws(AuthErrorCode) -> AuthDataResult {
        try signIn(.signUp, ["returnSecureToken": true], isNew: true)
    }

    /// Signs in with a custom token (an unsigned JWT or `{"uid": …, "claims": {…}}`, as the Admin SDKs mint in emulator mode).
    @discardableResult
    public func signIn(withCustomToken token: String) async throws(AuthErrorCode) -> AuthDataResult {
        try signIn(.signInWithCustomToken, ["token": .string(token)], isNew: nil)
    }

    /// Signs out; `currentUser` becomes nil and the state listeners hear it.
    public func signOut() throws(AuthErrorCode) {
        state.withLock { $0.session = nil }
        notify()
    }

    // MARK: Codes

    /// Records a password-reset code for `email`, as a real project would e-mail it (read it with `outOfBandCodes()`).
    /// - Throws: `.userNotFound` for an unknown address.
    public func sendPasswordReset(withEmail email: String) async throws(AuthErrorCode) {
        _ = try call(.sendOobCode, ["requestType": "PASSWORD_RESET", "email": .string(email)])
    }

    /// Sets a new password with a password-reset code.
    /// - Throws: `.invalidActionCode`, `.weakPassword`.
    public func confirmPasswordReset(withCode code: String, newPassword: String) async throws(AuthErrorCode) {
        _ = try call(.resetPassword, ["oobCode": .string(code), "newPassword": .string(newPassword)])
    }

    /// Applies an e-mail verification code.
    /// - Throws: `.invalidActionCode`.
    public func applyActionCode(_ code: String) async throws(AuthErrorCode) {
        _ = try call(.update, ["oobCode": .string(code)])
        if let user = currentUser { try? await user.reload() }
    }

    /// The out-of-band codes the project "sent", oldest first (the emulator's `oobCodes` list).
    public func outOfBandCodes() throws(AuthErrorCode) -> [OutOfBandCode] {
        let listed = try call(.listOOBCodes, [:], privileged: true)
        return (listed["oobCodes"]?.elements ?? []).map {
            OutOfBandCode(
                code: $0["oobCode"]?.string ?? "", requestType: $0["requestType"]?.string ?? "",
                email: $0["email"]?.string ?? "", link: $0["oobLink"]?.string ?? "")
        }
    }

    /// How many accounts the project has (an administrator's view: the Admin SDK's `listUsers`, counted).
    public func userCount() throws(AuthErrorCode) -> Int {
        let counted = try call(.query, ["returnUserInfo": false], privileged: true)
        return counted["recordsCount"]?.string.flatMap { Int($0) } ?? 0
    }

    // MARK: Listeners

    /// Calls `listener` now and whenever the signed-in user changes.
    @discardableResult
    public func addStateDidChangeListener(_ listener: @escaping @Sendable (Auth, User?) -> Void) -> AuthStateListenerHandle {
        let (id, user) = state.withLock { state in
            state.nextListener += 1
            state.listeners[state.nextListener] = listener
            return (state.nextListener, state.session?.user)
        }
        listener(self, user)
        return AuthStateListenerHandle(id: id)
    }

    /// Stops a listener.
    public func removeStateDidChangeListener(_ handle: AuthStateListenerHandle) {
        _ = state.withLock { $0.listeners.removeValue(forKey: handle.id) }
    }

    // MARK: Plumbing

    func call(_ operation: AuthOperation, _ body: AuthJSON, privileged: Bool = false) throws(AuthErrorCode) -> AuthJSON {
        guard !state.withLock({ $0.closed }) else { throw AuthErrorCode(.internalError, "The Auth instance was closed.") }
        do {
            return try service.perform(operation, caller: AuthCaller(project: projectID, privileged: privileged), body: body)
        } catch {
            throw AuthErrorCode(error)
        }
    }

    private func signIn(_ operation: AuthOperation, _ body: AuthJSON, isNew: Bool?) throws(AuthErrorCode) -> AuthDataResult {
        let response = try call(operation, body)
        let session = try adopt(response)
        notify()
        return AuthDataResult(user: session.user, isNewUser: isNew ?? response["isNewUser"]?.bool ?? false)
    }

    /// Makes the tokens of a sign-in (or token-issuing update) response the current session.
    @discardableResult
    func adopt(_ response: AuthJSON) throws(AuthErrorCode) -> Session {
        guard let idToken = (response["idToken"] ?? response["id_token"])?.string,
              let refreshToken = (response["refreshToken"] ?? response["refresh_token"])?.string
        else { throw AuthErrorCode(.internalError, "The response carried no tokens.") }
        let looked = try call(.lookup, ["idToken": .string(idToken)])
        guard let record = looked["users"]?.elements?.first else { throw AuthErrorCode(.userNotFound, "USER_NOT_FOUND") }
        let user = User(auth: self, record: record)
        let session = Session(
            user: user, idToken: idToken, refreshToken: refreshToken, expiresAt: AuthService.systemMilliseconds() / 1000 + 3600)
        state.withLock { $0.session = session }
        return session
    }

    /// The current session's ID token, refreshed when `force` or within five minutes of expiry.
    func idToken(for user: User, force: Bool) throws(AuthErrorCode) -> String {
        guard let session = state.withLock({ $0.session }), session.user.uid == user.uid else {
            throw AuthErrorCode(.invalidUserToken, "The user is not signed in.")
        }
        if !force, session.expiresAt - AuthService.systemMilliseconds() / 1000 > 300 { return session.idToken }
        let refreshed = try call(.refreshToken, ["grant_type": "refresh_token", "refresh_token": .string(session.refreshToken)])
        return try adopt(refreshed).idToken
    }

    /// Forgets the session (after the account was deleted).
    func endSession(of uid: String) {
        state.withLock { state in if state.session?.user.uid == uid { state.session = nil } }
        notify()
    }

    private func notify() {
        let (listeners, user) = state.withLock { ($0.listeners.sorted { $0.key < $1.key }.map(\.value), $0.session?.user) }
        for listener in listeners { listener(self, user) }
    }
}

/// What a sign-in returns (the SDK's `AuthDataResult`).
public struct AuthDataResult: Sendable {
    /// The signed-in user.
    public let user: User
    /// Whether the account was made by this sign-in (`additionalUserInfo.isNewUser`).
    public let isNewUser: Bool
}

/// A registered state listener (the SDK's `AuthStateDidChangeListenerHandle`).
public struct AuthStateListenerHandle: Sendable, Hashable {
    let id: Int
}

/// A code a real project would have e-mailed: password reset, e-mail verification or sign-in link.
public struct OutOfBandCode: Sendable, Equatable {
    /// The code to pass to `confirmPasswordReset(withCode:newPassword:)` or `applyActionCode(_:)`.
    public let code: String
    /// `PASSWORD_RESET`, `VERIFY_EMAIL`, `EMAIL_SIGNIN` or `VERIFY_AND_CHANGE_EMAIL`.
    public let requestType: String
    /// Whom it was for.
    public let email: String
    /// The link the e-mail would hold.
    public let link: String
}
