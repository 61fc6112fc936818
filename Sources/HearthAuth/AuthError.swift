import Foundation

/// An error as the Identity Toolkit API reports it: an HTTP status and a message whose first word is
/// the code clients branch on (`EMAIL_EXISTS`, `WEAK_PASSWORD : Password should be at least 6 characters`).
public struct AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (400 for every business error).
    public var httpStatus: Int
    /// The message, code first (`CODE` or `CODE : detail`).
    public var message: String
    /// The gRPC-style status name, absent on business errors as on the Auth emulator.
    public var status: String?
    /// The reason of the single `errors[]` item.
    public var reason: String

    /// An error with every part given.
    public init(httpStatus: Int, message: String, status: String? = nil, reason: String = "invalid") {
        self.httpStatus = httpStatus
        self.message = message
        self.status = status
        self.reason = reason
    }

    /// A business error: HTTP 400 with `message` (`CODE` or `CODE : detail`).
    public static func invalid(_ message: String) -> AuthError { AuthError(httpStatus: 400, message: message) }

    /// A body that is not JSON.
    static func invalidJSON(_ detail: String) -> AuthError {
        AuthError(
            httpStatus: 400, message: "Invalid JSON payload received. \(detail)", status: "INVALID_ARGUMENT",
            reason: "parseError")
    }

    /// A request with neither an API key nor an accepted bearer token.
    public static let missingAPIKey = AuthError(
        httpStatus: 403, message: "The request is missing a valid API key.", status: "PERMISSION_DENIED",
        reason: "forbidden")

    /// A bearer token that is neither `owner` nor a Google access token.
    public static let invalidCredentials = AuthError(
        httpStatus: 401,
        message: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        status: "UNAUTHENTICATED", reason: "authError")

    /// A path the Auth emulator does not serve.
    public static let notFound = AuthError(httpStatus: 404, message: "Not Found", status: "NOT_FOUND", reason: "notFound")

    /// An operation Hearth's Auth emulator does not offer (phone, IdP and MFA flows).
    public static func notImplemented(_ operation: String) -> AuthError {
        AuthError(
            httpStatus: 501, message: "\(operation) is not implemented in the Hearth Auth emulator.",
            status: "NOT_IMPLEMENTED", reason: "unimplemented")
    }

    /// The store failed underneath (disk full, corruption).
    static func storage(_ error: any Error) -> AuthError {
        AuthError(httpStatus: 500, message: "INTERNAL : \(error)", status: "INTERNAL", reason: "backendError")
    }

    /// The error body: `{"error":{"code","message","errors":[{"message","reason","domain"}],"status"?}}`.
    public var json: AuthJSON {
        [
            "error": [
                "code": .integer(Int64(httpStatus)), "message": .string(message),
                "errors": [["message": .string(message), "reason": .string(reason), "domain": "global"]],
                "status": status.map { .string($0) },
            ]
        ]
    }

    /// The code part of the message (`WEAK_PASSWORD` of `WEAK_PASSWORD : …`).
    public var code: String {
        message.range(of: " : ").map { String(message[..<$0.lowerBound]) } ?? message
    }

    /// The message, for logs.
    public var description: String { message }

    /// The messages the emulator sends, by name.
    enum Message {
        static let weakPassword = "WEAK_PASSWORD : Password should be at least 6 characters"
    }
}
