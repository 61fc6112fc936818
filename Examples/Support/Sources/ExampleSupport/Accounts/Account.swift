public import Hearth

/// A signed-in user of an example app: Hearth's Auth `User` on its own device (its own `Auth`
/// instance, as each phone running the app has one), with the uid and e-mail the apps key data by.
public struct Account: Sendable, Equatable {
    /// The uid (`request.auth.uid` in the rules).
    public let uid: String
    /// The normalized (lowercased) e-mail address.
    public let email: String
    /// The signed-in Auth user.
    public let user: User
    /// The device's Auth instance the user is signed in to.
    let auth: Auth

    /// The account of `user`, signed in to `auth`.
    init(user: User, auth: Auth) {
        self.uid = user.uid
        self.email = user.email ?? ""
        self.user = user
        self.auth = auth
    }

    /// Two accounts are the same when they name the same user with the same e-mail.
    public static func == (lhs: Account, rhs: Account) -> Bool {
        lhs.uid == rhs.uid && lhs.email == rhs.email
    }

    /// A handle on `admin`'s database whose requests carry this user's ID token, judged by the rules.
    /// - Throws: `AccountError.signedOut` once the user signed out.
    public func firestore(on admin: Firestore) async throws -> Firestore {
        do {
            return try await admin.signedIn(as: user)
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Whether the e-mail address was confirmed (as the account store knows it now).
    public func isEmailVerified() async throws -> Bool {
        do {
            try await user.reload()
        } catch {
            throw AccountError(error, email: email)
        }
        return user.isEmailVerified
    }

    /// Sets a new password (FirebaseAuth's `updatePassword(to:)`).
    /// - Throws: `AccountError.weakPassword`, `.signedOut`.
    public func changePassword(to password: String) async throws {
        do {
            try await user.updatePassword(to: password)
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Sends the e-mail confirmation and returns its code, read from the local mailbox (the
    /// emulator's out-of-band codes) where a real user would follow the e-mailed link.
    public func sendEmailVerification() async throws -> String {
        do {
            try await user.sendEmailVerification()
            return try Mailbox.latestCode(in: auth, for: email, type: "VERIFY_EMAIL")
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Deletes the account from Auth and signs out.
    public func delete() async throws {
        do {
            try await user.delete()
        } catch {
            throw AccountError(error, email: email)
        }
    }

    /// Signs out of this device; the user's ID token is no longer handed out.
    public func signOut() {
        try? auth.signOut()
    }
}
