internal import Synchronization

/// The process-wide set of open environment directories, keyed by canonical path.
///
/// lmdb.h (caveats): do not open the same environment twice in one process; closing one handle drops the
/// POSIX locks the other relies on. `Environment.init` claims the path before `mdb_env_open` and
/// `close()` releases it after `mdb_env_close`.
enum EnvironmentRegistry {
    /// Canonical paths currently claimed. Guarded by its own mutex.
    private static let openPaths = Mutex<Set<String>>([])

    /// Claims `path`, throwing `LMDBError.alreadyOpen` when another `Environment` holds it.
    static func claim(_ path: String) throws(LMDBError) {
        let inserted = openPaths.withLock { $0.insert(path).inserted }
        if !inserted {
            throw LMDBError(
                code: LMDBError.alreadyOpen.code,
                message: "the environment at \(path) is already open in this process; close it first")
        }
    }

    /// Releases `path` so it can be opened again.
    static func release(_ path: String) {
        _ = openPaths.withLock { $0.remove(path) }
    }

    /// Whether `path` is currently open (for tests and diagnostics).
    static func isOpen(_ path: String) -> Bool {
        openPaths.withLock { $0.contains(path) }
    }
}
