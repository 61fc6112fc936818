internal import HearthAuth
internal import HearthCore

extension Firestore {
    /// A handle on the same database whose requests come from `user` as its current ID token
    /// describes it (`request.auth.uid`, and `request.auth.token` with `email`, `email_verified`,
    /// `firebase.sign_in_provider` and custom claims), as the SDK sends it to production.
    /// - Throws: `.invalidUserToken` when `user` is not signed in.
    public func signedIn(as user: User) async throws(AuthErrorCode) -> Firestore {
        let token = try await user.getIDToken()
        let claims = User.claims(ofIDToken: token).mapValues(\.ruleValue)
        return withAccess(.user(uid: user.uid, claims: claims))
    }

}
