package import GRPCCore
package import HearthCore

/// Renders errors for the wire: gRPC status and REST status, never leaking internal detail.
package enum WireStatus {
    /// The Firestore error for any error: itself, or `INTERNAL` for errors that are not Firestore's.
    package static func firestoreError(_ error: any Error) -> FirestoreError {
        if let error = error as? FirestoreError { return error }
        if let error = error as? RPCError {
            return FirestoreError(FirestoreError.Code(rawValue: error.code.rawValue) ?? .unknown, error.message)
        }
        return FirestoreError(.internal, "Internal error.")
    }

    /// The gRPC error for a Firestore error.
    package static func rpcError(_ error: FirestoreError) -> RPCError {
        let code = Status.Code(rawValue: error.code.rawValue).flatMap { RPCError.Code($0) } ?? .unknown
        return RPCError(code: code, message: error.message)
    }

    /// A `google.rpc.Status` for a Firestore error.
    package static func status(_ error: FirestoreError) -> Google_Rpc_Status {
        var status = Google_Rpc_Status()
        status.code = Int32(error.code.rawValue)
        status.message = error.message
        return status
    }

    /// The HTTP status REST answers a code with (Google's mapping).
    package static func httpStatus(_ code: FirestoreError.Code) -> Int {
        switch code {
        case .ok: 200
        case .cancelled: 499
        case .unknown, .internal, .dataLoss: 500
        case .invalidArgument, .failedPrecondition, .outOfRange: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .unimplemented: 501
        case .unavailable: 503
        case .unauthenticated: 401
        }
    }
}
