/// The one error the engine throws: a canonical gRPC status code and Firestore's message text.
public struct FirestoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The canonical status code (as gRPC numbers them).
    public let code: Code
    /// The message, in Firestore's own words where Firestore has them.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `CODE: message`, e.g. `NOT_FOUND: No document to update: projects/…`.
    public var description: String { "\(code.name): \(message)" }

    /// Canonical gRPC status codes.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// Not an error.
        case ok = 0
        /// The operation was cancelled.
        case cancelled = 1
        /// Unknown error.
        case unknown = 2
        /// The client specified an invalid argument.
        case invalidArgument = 3
        /// The deadline expired.
        case deadlineExceeded = 4
        /// A requested entity was not found.
        case notFound = 5
        /// The entity a client tried to create already exists.
        case alreadyExists = 6
        /// The caller may not perform the operation.
        case permissionDenied = 7
        /// Some resource has been exhausted.
        case resourceExhausted = 8
        /// The system is not in a state required for the operation.
        case failedPrecondition = 9
        /// The operation was aborted (e.g. a transaction conflict); retry.
        case aborted = 10
        /// Out of range.
        case outOfRange = 11
        /// Not implemented.
        case unimplemented = 12
        /// Internal error.
        case `internal` = 13
        /// The service is unavailable.
        case unavailable = 14
        /// Unrecoverable data loss or corruption.
        case dataLoss = 15
        /// No valid authentication credentials.
        case unauthenticated = 16

        /// The upper-case name gRPC uses, e.g. `INVALID_ARGUMENT`.
        public var name: String {
            switch self {
            case .ok: "OK"
            case .cancelled: "CANCELLED"
            case .unknown: "UNKNOWN"
            case .invalidArgument: "INVALID_ARGUMENT"
            case .deadlineExceeded: "DEADLINE_EXCEEDED"
            case .notFound: "NOT_FOUND"
            case .alreadyExists: "ALREADY_EXISTS"
            case .permissionDenied: "PERMISSION_DENIED"
            case .resourceExhausted: "RESOURCE_EXHAUSTED"
            case .failedPrecondition: "FAILED_PRECONDITION"
            case .aborted: "ABORTED"
            case .outOfRange: "OUT_OF_RANGE"
            case .unimplemented: "UNIMPLEMENTED"
            case .internal: "INTERNAL"
            case .unavailable: "UNAVAILABLE"
            case .dataLoss: "DATA_LOSS"
            case .unauthenticated: "UNAUTHENTICATED"
            }
        }
    }
}

extension FirestoreError.Code {
    /// Lets a code match an error in `catch` clauses: `catch FirestoreError.Code.notFound`.
    public static func ~= (code: FirestoreError.Code, error: any Error) -> Bool {
        (error as? FirestoreError)?.code == code
    }
}
