public import Hearth

extension Firestore {
    /// A handle whose requests come from `account`, judged by the rules: `request.auth.uid` is the
    /// account's uid and the token carries the claims Firebase Auth's email/password sign-in sets.
    public func acting(as account: Account) -> Firestore {
        withAccess(
            .user(
                uid: account.uid,
                claims: [
                    "sub": .string(account.uid),
                    "email": .string(account.email),
                    "email_verified": .boolean(false),
                    "firebase": .map(["sign_in_provider": .string("password")]),
                ]))
    }
}
