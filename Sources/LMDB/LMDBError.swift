internal import CLMDB

/// An error from LMDB (a negative `MDB_*` code or a positive `errno`) or from this wrapper (codes ≤ -40000).
///
/// Match errors by code with the static constants, which work directly in `catch` clauses:
/// ```swift
/// do { try env.write { txn in try txn.put(value, forKey: key, in: db) } }
/// catch LMDBError.badValueSize { … }
/// ```
/// Two errors are equal when their codes are equal; `message` is human-readable context (the failing
/// call, the path, the offending length) and never part of the identity.
public struct LMDBError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The LMDB return code, the `errno` value, or one of this wrapper's own codes (≤ -40000).
    public let code: Int32
    /// What went wrong: `mdb_strerror`'s text plus context such as the operation or the environment path.
    public let message: String

    /// Creates an error with an explicit code and message.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// A one-line rendering: the code and the message.
    public var description: String { "LMDBError(\(code)): \(message)" }

    /// Errors are equal when their codes are equal; the message is context.
    public static func == (lhs: LMDBError, rhs: LMDBError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Matches any error whose code equals the pattern's code, so `catch LMDBError.mapFull` works.
    public static func ~= (pattern: LMDBError, error: any Error) -> Bool {
        guard let error = error as? LMDBError else { return false }
        return error.code == pattern.code
    }

    /// Matches an `LMDBError` value by code (used by `switch` over a concrete `LMDBError`).
    public static func ~= (pattern: LMDBError, error: LMDBError) -> Bool { error.code == pattern.code }
}

// MARK: - LMDB's own codes

extension LMDBError {
    /// `MDB_MAP_FULL`: the map is full. `Environment.write` handles it by growing the map and replaying.
    public static let mapFull = LMDBError(lmdbCode: MDB_MAP_FULL)
    /// `MDB_KEYEXIST`: the key already exists (a result of `putIfAbsent`/`append`, surfaced only by `append`).
    public static let keyExists = LMDBError(lmdbCode: MDB_KEYEXIST)
    /// `MDB_NOTFOUND`: no such key or no current cursor entry (most APIs turn it into `nil` or `false`).
    public static let notFound = LMDBError(lmdbCode: MDB_NOTFOUND)
    /// `MDB_READERS_FULL`: every reader slot is taken, even after clearing stale ones.
    public static let readersFull = LMDBError(lmdbCode: MDB_READERS_FULL)
    /// `MDB_TXN_FULL`: one transaction dirtied too many pages; split the work into smaller transactions.
    public static let txnFull = LMDBError(lmdbCode: MDB_TXN_FULL)
    /// `MDB_BAD_VALSIZE`: a key is empty or longer than `Environment.maxKeySize`.
    public static let badValueSize = LMDBError(lmdbCode: MDB_BAD_VALSIZE)
    /// `MDB_CORRUPTED`: the file is damaged. Never retried.
    public static let corrupted = LMDBError(lmdbCode: MDB_CORRUPTED)
    /// `MDB_PANIC`: the environment hit a fatal error and is unusable until reopened. Never retried.
    public static let panic = LMDBError(lmdbCode: MDB_PANIC)
    /// `MDB_MAP_RESIZED`: another process grew the map beyond ours.
    public static let mapResized = LMDBError(lmdbCode: MDB_MAP_RESIZED)
    /// `MDB_VERSION_MISMATCH`: the file was written by an incompatible LMDB version. Never retried.
    public static let versionMismatch = LMDBError(lmdbCode: MDB_VERSION_MISMATCH)
    /// `MDB_INVALID`: the file is not an LMDB file. Never retried.
    public static let invalid = LMDBError(lmdbCode: MDB_INVALID)
    /// `MDB_PAGE_NOTFOUND`: a page is missing, the file is damaged. Never retried.
    public static let pageNotFound = LMDBError(lmdbCode: MDB_PAGE_NOTFOUND)
    /// `MDB_DBS_FULL`: more named databases than `EnvironmentOptions.maxDatabases`.
    public static let databasesFull = LMDBError(lmdbCode: MDB_DBS_FULL)
    /// `MDB_BAD_TXN`: the transaction is broken by an earlier failure and can only be aborted.
    public static let badTransaction = LMDBError(lmdbCode: MDB_BAD_TXN)
    /// `MDB_BAD_DBI`: the database handle is not valid in this transaction or environment.
    public static let badDatabase = LMDBError(lmdbCode: MDB_BAD_DBI)
}

// MARK: - This wrapper's own codes

extension LMDBError {
    /// The environment's directory is already open in this process (LMDB allows one open per process).
    public static let alreadyOpen = LMDBError(
        code: -40_000, message: "the environment is already open in this process")
    /// A transaction was used after its closure returned (or after it was committed or aborted).
    public static let transactionEnded = LMDBError(
        code: -40_001, message: "the transaction was used outside the closure that received it")
    /// `write` was called on a thread already inside `read` or `write` of the same environment.
    public static let reentrantTransaction = LMDBError(
        code: -40_002, message: "a write transaction cannot begin on a thread already inside a transaction")
    /// The environment has been closed.
    public static let environmentClosed = LMDBError(code: -40_003, message: "the environment is closed")
    /// A parent transaction was used while its nested child was live, or a write happened while borrowed
    /// bytes were in use.
    public static let transactionBusy = LMDBError(
        code: -40_004, message: "the transaction cannot be used right now")
    /// A cursor was used after its `withCursor` closure returned.
    public static let cursorClosed = LMDBError(
        code: -40_005, message: "the cursor was used outside the closure that received it")
}
