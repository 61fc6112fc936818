internal import HearthAuth

/// An Auth failure, coded as FirebaseAuth codes it (`AuthErrorCode`), with the emulator's message.
public struct AuthErrorCode: Error, Sendable, Equatable, CustomStringConvertible {
    /// FirebaseAuth's error codes that Hearth's Auth can produce.
    public enum Code: String, Sendable, Equatable {
        case emailAlreadyInUse, invalidEmail, wrongPassword, userNotFound, userDisabled, weakPassword
        case invalidCredential, missingEmail, invalidActionCode, userTokenExpired, invalidUserToken
        case invalidCustomToken, noSuchProvider, requiresRecentLogin, internalError
    }

    /// What went wrong.
    public let code: Code
    /// The emulator's message (`EMAIL_EXISTS`, `WEAK_PASSWORD : Password should be at least 6 characters`).
    public let message: String

    /// The message, for logs.
    public var description: String { "\(code.rawValue): \(message)" }

    init(_ error: AuthError) {
        message = error.message
        code = switch error.code {
        case "EMAIL_EXISTS": .emailAlreadyInUse
        case "INVALID_EMAIL": .invalidEmail
        case "INVALID_PASSWORD": .wrongPassword
        case "EMAIL_NOT_FOUND", "USER_NOT_FOUND": .userNotFound
        case "USER_DISABLED": .userDisabled
        case "WEAK_PASSWORD": .weakPassword
        case "INVALID_LOGIN_CREDENTIALS": .invalidCredential
        case "MISSING_EMAIL": .missingEmail
        case "INVALID_OOB_CODE", "EXPIRED_OOB_CODE": .invalidActionCode
        case "TOKEN_EXPIRED": .userTokenExpired
        case "INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN": .invalidUserToken
        case "INVALID_CUSTOM_TOKEN", "MISSING_IDENTIFIER", "INVALID_CLAIMS", "FORBIDDEN_CLAIM": .invalidCustomToken
        default: .internalError
        }
    }

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
