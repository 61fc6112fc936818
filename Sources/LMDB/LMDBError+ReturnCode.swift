internal import CLMDB

/// The one place where an LMDB return code becomes an `LMDBError`.
extension LMDBError {
    /// Builds the error for `code` with `mdb_strerror`'s text, prefixed by `context` when given.
    init(lmdbCode code: Int32, context: String? = nil) {
        // lmdb.h: mdb_strerror covers both LMDB's negative codes and errno values (it falls back to strerror).
        let text = String(cString: mdb_strerror(code))
        if let context {
            self.init(code: code, message: "\(context): \(text)")
        } else {
            self.init(code: code, message: text)
        }
    }

    /// The same error code with `context` added in front of the message.
    func adding(context: String) -> LMDBError {
        LMDBError(code: code, message: "\(context): \(message)")
    }

    /// True for codes meaning the file is damaged, foreign or the environment unusable: never retried.
    var isFatal: Bool {
        switch code {
        case MDB_PANIC, MDB_CORRUPTED, MDB_PAGE_NOTFOUND, MDB_INVALID, MDB_VERSION_MISMATCH: true
        default: false
        }
    }
}

/// Throws the `LMDBError` for a non-zero LMDB return code.
@inline(__always)
func lmdbCheck(_ code: Int32, _ context: @autoclosure () -> String) throws(LMDBError) {
    if code != MDB_SUCCESS {
        throw LMDBError(lmdbCode: code, context: context())
    }
}
