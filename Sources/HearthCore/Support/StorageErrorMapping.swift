internal import Foundation
internal import LMDB

/// The one place where storage failures become Firestore errors.
enum StorageErrorMapping {
    /// Maps any error thrown under the storage layer to a `FirestoreError`.
    ///
    /// `FirestoreError`s pass through unchanged. LMDB failures that mean a damaged or foreign file
    /// become `DATA_LOSS`; exhausted resources become `RESOURCE_EXHAUSTED`; everything else is
    /// `INTERNAL` with LMDB's own message (never user data).
    static func firestoreError(_ error: any Error) -> FirestoreError {
        if let error = error as? FirestoreError { return error }
        if let error = error as? LMDBError {
            func isOne(of kinds: [LMDBError]) -> Bool { kinds.contains { $0.code == error.code } }
            if isOne(of: [.corrupted, .panic, .pageNotFound, .invalid, .versionMismatch]) {
                return FirestoreError(.dataLoss, "Storage is damaged: \(error.message)")
            }
            if isOne(of: [.readersFull, .txnFull]) {
                return FirestoreError(.resourceExhausted, "Storage resources exhausted: \(error.message)")
            }
            if outOfSpaceCodes.contains(error.code) {
                return FirestoreError(
                    .resourceExhausted,
                    "The disk holding the data directory is full (or over quota); nothing of this write was "
                        + "applied. Reads still work; free space and retry. (\(error.message))")
            }
            if isOne(of: [.mapFull]) {
                return FirestoreError(
                    .resourceExhausted,
                    "The data file reached the largest size it can map; nothing of this write was applied. "
                        + "(\(error.message))")
            }
            if isOne(of: [.alreadyOpen]) { return FirestoreError(.failedPrecondition, error.message) }
            if isOne(of: [.environmentClosed]) { return FirestoreError(.unavailable, "The database is closed.") }
            return FirestoreError(.internal, "Storage error: \(error.message)")
        }
        return FirestoreError(.internal, "Unexpected error: \(error)")
    }

    /// `errno` values meaning the file system has no room for the data file to grow.
    static let outOfSpaceCodes: Set<Int32> = [ENOSPC, EDQUOT, EFBIG]

    /// Runs `body`, mapping whatever it throws through `firestoreError(_:)`.
    static func mapping<R>(_ body: () throws -> R) throws(FirestoreError) -> R {
        do { return try body() } catch { throw firestoreError(error) }
    }
}
