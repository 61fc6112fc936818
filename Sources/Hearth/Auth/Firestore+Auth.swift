internal import HearthAuth
internal import HearthCore

extension Firestore {
    /// A handle on the same database whose requests come from `user` as its current ID token
    /// describes it (`request.auth.uid`, and `request.auth.token` with `email`, `email_verified`,
    /// `firebase.sign_in_provider` and custom claims), as the SDK sends it to production.
    /// - Throws: `.invalidUserToken` when `user` is not signed in.
    public func signedIn(as user: User) async throws(AuthErrorCode) -> Firestore {
        let token = try await user.getIDToken()
        let claims = User.claims(ofIDToken: token).mapValues(Self.ruleValue)
        return withAccess(.user(uid: user.uid, claims: claims))
    }

    /// A token claim as the rules see it.
    static func ruleValue(_ claim: AuthJSON) -> Value {
        switch claim {
        case .null: .null
        case .bool(let flag): .boolean(flag)
        case .integer(let number): .integer(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(ruleValue))
        case .object(let fields): .map(fields.mapValues(ruleValue))
        }
    }
}
