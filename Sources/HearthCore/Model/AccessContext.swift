/// Who is making a request: the security rules judge every request that is not admin.
public enum AccessContext: Sendable, Equatable {
    /// Bypasses security rules (the emulator's `Bearer owner`, or trusted server code).
    case admin
    /// A signed-in user: `request.auth.uid` and `request.auth.token`.
    case user(uid: String, claims: [String: Value])
    /// No credentials: `request.auth == null`.
    case unauthenticated
}
