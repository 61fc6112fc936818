import Hearth

/// An example app's error type: its own cases, plus the six every app shares, which its enum cases
/// of the same names provide. Sorting a failure into those six happens here, once for every app.
public protocol ExampleAppError: Error {
    /// Another account already uses this email.
    static func emailAlreadyInUse(_ email: String) -> Self
    /// Unknown email or wrong password (which one is not revealed).
    static var wrongCredentials: Self { get }
    /// The security rules refused the request; the detail names the allow statements that failed.
    static func notAllowed(_ detail: String) -> Self
    /// The session was signed out or the data directory closed.
    static var unavailable: Self { get }
    /// A stored document does not have the data model's shape.
    static func corruptDocument(path: String, detail: String) -> Self
    /// Any other store error, with its canonical code and message.
    static func storage(code: String, message: String) -> Self
    /// The text the app's alert shows for this error (in the app's language, as its screens).
    var alertMessage: String { get }
    /// `error` as this app's error, what `mapping(_:)` throws: by default `init(mapping:)`; an
    /// app with cases of its own for some failures sorts those first.
    static func mapped(_ error: any Error) -> Self
}

extension ExampleAppError {
    /// `init(mapping:)`.
    public static func mapped(_ error: any Error) -> Self { Self(mapping: error) }
}

extension ExampleAppError {
    /// `error` as this app's error: the app's own errors pass through; account refusals, the
    /// store's `PERMISSION_DENIED` and `UNAVAILABLE` and decoding errors get their cases; anything
    /// else is `storage`.
    public init(mapping error: any Error) {
        switch error {
        case let own as Self:
            self = own
        case AccountError.emailAlreadyInUse(let email):
            self = .emailAlreadyInUse(email)
        case AccountError.wrongCredentials:
            self = .wrongCredentials
        case AccountError.signedOut:
            self = .unavailable
        case AccountError.disabled:
            self = .notAllowed("USER_DISABLED: an administrator disabled this account")
        case let account as AccountError:
            self = .storage(code: "auth", message: "\(account)")
        case let store as FirestoreError where store.code == .permissionDenied:
            // Firestore's message, then (on a new line) which allow statements failed and how.
            self = .notAllowed(store.message.split(separator: "\n").joined(separator: " "))
        case let store as FirestoreError where store.code == .unavailable:
            self = .unavailable
        case let store as FirestoreError:
            self = .storage(code: "\(store.code)", message: store.message)
        case let decoding as DecodingError:
            self = .corruptDocument(path: "", detail: "\(decoding)")
        default:
            self = .storage(code: "unknown", message: "\(error)")
        }
    }
}

extension ExampleAppError {
    /// Runs `body`, turning whatever it throws into this app's error (`mapped(_:)`; the app's
    /// own errors pass through): the one idiom the apps wrap store calls in, instead of a
    /// `do { … } catch { throw AppError(error) }` at each.
    public static func mapping<T>(_ body: () async throws -> T) async throws(Self) -> T {
        do {
            return try await body()
        } catch {
            throw mapped(error)
        }
    }

    /// `mapping(_:)` for a synchronous `body`.
    public static func mapping<T>(_ body: () throws -> T) throws(Self) -> T {
        do {
            return try body()
        } catch {
            throw mapped(error)
        }
    }
}
