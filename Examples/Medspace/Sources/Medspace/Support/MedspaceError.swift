import ExampleSupport
import Hearth

/// Why a Medspace use case failed: the thesis's alternate flows, plus the store's refusals.
/// `alertMessage` is the text the app's alert shows.
public enum MedspaceError: ExampleAppError, Sendable, Equatable, CustomStringConvertible {
    /// A required field is empty (UC1, UC6, UC8, UC19); names the field.
    case missingField(String)
    /// A field is present but malformed (a user name with spaces, a comment over 200 characters…).
    case invalidField(name: String, reason: String)
    /// UC1: the two passwords differ.
    case passwordsDoNotMatch
    /// UC1/UC24: the password is shorter than Firebase Auth's minimum.
    case weakPassword
    /// UC1: another account uses this email.
    case emailAlreadyInUse(String)
    /// UC1/UC19: another user has this user name (case-insensitively).
    case usernameTaken(String)
    /// UC2: unknown email or wrong password.
    case wrongCredentials
    /// UC25: no account uses this email, or the reset code is unknown or used.
    case unknownEmail
    /// UC8/UC16/UC19: the form is identical to what is stored.
    case nothingChanged
    /// UC6: the user's type may not publish this kind (news by the admin, the rest by doctors).
    case kindNotAllowed(PostKind)
    /// UC21: the user already has this keyword (case- and accent-insensitively).
    case keywordExists(String)
    /// UC26: the administrator's account cannot be deleted.
    case adminCannotLeave
    /// The post does not exist.
    case postNotFound(path: String)
    /// The comment does not exist.
    case commentNotFound(path: String)
    /// The user profile does not exist.
    case userNotFound(uid: String)
    /// The security rules refused the request; the detail is the store's explanation.
    case notAllowed(String)
    /// The session was signed out.
    case unavailable
    /// A stored document does not have the data model's shape.
    case corruptDocument(path: String, detail: String)
    /// Any other store error, with its canonical code and message.
    case storage(code: String, message: String)


    /// The text of the app's alert (the app's UI is in English).
    public var alertMessage: String {
        switch self {
        case .missingField: "Please complete all required fields"
        case .invalidField(let name, let reason): "The \(name) \(reason)"
        case .passwordsDoNotMatch: "Passwords do not match"
        case .weakPassword: "The password must be at least 6 characters long"
        case .emailAlreadyInUse: "Email already exists"
        case .usernameTaken: "Username already exists"
        case .wrongCredentials: "Email or password incorrect"
        case .unknownEmail: "This email is not registered"
        case .nothingChanged: "You have not changed anything"
        case .kindNotAllowed(let kind): "You cannot publish \(kind == .news ? "news" : "this kind of post")"
        case .keywordExists: "Keyword already exists"
        case .adminCannotLeave: "The administrator account cannot be deleted"
        case .postNotFound: "This post no longer exists"
        case .commentNotFound: "This comment no longer exists"
        case .userNotFound: "User not found"
        case .notAllowed: "You are not allowed to do that"
        case .unavailable: "You are signed out"
        case .corruptDocument, .storage: "Something went wrong, please try again"
        }
    }

    /// What happened, for logs and tests.
    public var description: String {
        switch self {
        case .missingField(let name): "missing field \(name)"
        case .invalidField(let name, let reason): "invalid \(name): \(reason)"
        case .passwordsDoNotMatch: "the passwords do not match"
        case .weakPassword: "the password is too short"
        case .emailAlreadyInUse(let email): "the email \(email) is already registered"
        case .usernameTaken(let name): "the user name \(name) is taken"
        case .wrongCredentials: "wrong email or password"
        case .unknownEmail: "unknown email or reset code"
        case .nothingChanged: "nothing changed"
        case .kindNotAllowed(let kind): "this user may not publish \(kind.collection)"
        case .keywordExists(let keyword): "the keyword \(keyword) already exists"
        case .adminCannotLeave: "the administrator cannot delete their account"
        case .postNotFound(let path): "no post \(path)"
        case .commentNotFound(let path): "no comment \(path)"
        case .userNotFound(let uid): "no user Users/\(uid)"
        case .notAllowed(let detail): "refused by the security rules: \(detail)"
        case .unavailable: "the session is closed"
        case .corruptDocument(let path, let detail): "malformed document \(path): \(detail)"
        case .storage(let code, let message): "store error \(code): \(message)"
        }
    }
}
