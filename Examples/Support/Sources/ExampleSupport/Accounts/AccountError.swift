import Hearth

/// Why an account operation failed: Hearth Auth's refusals, as the example apps tell them apart.
/// Store errors (`FirestoreError`) pass through unchanged.
public enum AccountError: Error, Sendable, Equatable {
    /// Another account already uses this email.
    case emailAlreadyInUse(String)
    /// Unknown email or wrong password (which one is not revealed).
    case wrongCredentials
    /// An administrator disabled the account.
    case disabled
    /// The password is too short for Auth (under 6 characters).
    case weakPassword
    /// The reset or confirmation code is unknown, used or expired.
    case invalidCode
    /// The user is no longer signed in (signed out or deleted).
    case signedOut
    /// The account store failed; the Auth error's code and message.
    case unavailable(String)

    /// The app-facing reason for `error`, an `AuthErrorCode` (anything else passes through as `unavailable`)
    /// for the account of `email`.
    public init(_ error: any Error, email: String) {
        guard let auth = error as? AuthErrorCode else {
            self = (error as? AccountError) ?? .unavailable("\(error)")
            return
        }
        switch auth.code {
        case .emailAlreadyInUse: self = .emailAlreadyInUse(email)
        case .wrongPassword, .userNotFound, .invalidCredential, .invalidEmail, .missingEmail: self = .wrongCredentials
        case .userDisabled: self = .disabled
        case .weakPassword: self = .weakPassword
        case .invalidActionCode: self = .invalidCode
        case .invalidUserToken, .userTokenExpired, .requiresRecentLogin: self = .signedOut
        default: self = .unavailable(auth.description)
        }
    }
}
