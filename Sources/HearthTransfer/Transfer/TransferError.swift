package import HearthCore

/// Builds the errors import and export report: each names the file and, when known, the byte offset.
package enum TransferError {
    /// An error about `file` at byte `offset` (Firestore status `code`).
    package static func at(
        _ file: String, offset: Int64?, _ code: FirestoreError.Code, _ message: String
    ) -> FirestoreError {
        if let offset { return FirestoreError(code, "\(file) at byte \(offset): \(message)") }
        return FirestoreError(code, "\(file): \(message)")
    }

    /// Damaged or truncated input (`DATA_LOSS`).
    package static func damaged(_ file: String, offset: Int64?, _ message: String) -> FirestoreError {
        at(file, offset: offset, .dataLoss, message)
    }

    /// Input that is well formed but not acceptable (`INVALID_ARGUMENT`).
    package static func invalid(_ file: String, offset: Int64?, _ message: String) -> FirestoreError {
        at(file, offset: offset, .invalidArgument, message)
    }

    /// A file-system failure reading or writing `file`.
    package static func io(_ file: String, _ error: any Error) -> FirestoreError {
        FirestoreError(.unavailable, "\(file): \(error)")
    }
}
