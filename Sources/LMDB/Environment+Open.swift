internal import CLMDB

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The result of the fixed LMDB opening sequence, before it is handed to an `Environment`.
struct OpenedEnvironment {
    /// The open `MDB_env*`.
    let handle: OpaquePointer
    /// The canonical directory path, claimed in `EnvironmentRegistry`.
    let path: String
    /// The OS page size; map sizes are kept multiples of it.
    let pageSize: Int
    /// The map size in effect after open (never below a size the file already had).
    let mapSize: Int
    /// `mdb_env_get_maxkeysize`.
    let maxKeySize: Int
    /// Reader slots of dead processes cleared by `mdb_reader_check` right after open.
    let staleReadersCleared: Int

    /// Creates the directory, claims it in the registry and opens LMDB; releases the claim on failure.
    static func open(path: String, options: EnvironmentOptions) throws(LMDBError) -> OpenedEnvironment {
        try validate(options)
        try FileSystem.makeDirectory(path)
        let canonical = try FileSystem.canonicalPath(path)
        try EnvironmentRegistry.claim(canonical)
        do throws(LMDBError) {
            return try openClaimed(canonical, options: options)
        } catch {
            EnvironmentRegistry.release(canonical)
            throw error
        }
    }

    /// Rejects options LMDB cannot take, with a sentence naming the field.
    private static func validate(_ options: EnvironmentOptions) throws(LMDBError) {
        func invalid(_ text: String) -> LMDBError { LMDBError(code: EINVAL, message: "invalid EnvironmentOptions: \(text)") }
        guard options.mapSize > 0 else { throw invalid("mapSize must be positive, got \(options.mapSize)") }
        guard options.maxDatabases >= 0, options.maxDatabases <= Int(Int32.max) else {
            throw invalid("maxDatabases must be between 0 and \(Int32.max), got \(options.maxDatabases)")
        }
        guard options.maxReaders >= 1, options.maxReaders <= Int(Int32.max) else {
            throw invalid("maxReaders must be between 1 and \(Int32.max), got \(options.maxReaders)")
        }
    }

    /// Runs create → configure → open → reader check → adopt map size, on an already claimed path.
    private static func openClaimed(_ path: String, options: EnvironmentOptions) throws(LMDBError) -> OpenedEnvironment {
        var created: OpaquePointer?
        try lmdbCheck(mdb_env_create(&created), "mdb_env_create for \(path)")
        guard let env = created else {
            throw LMDBError(code: ENOMEM, message: "mdb_env_create for \(path) returned no handle")
        }
        do throws(LMDBError) {
            let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
            let requested = try roundUpToPage(options.mapSize, pageSize: pageSize)
            // lmdb.h: mapsize, maxdbs and maxreaders may only be set between mdb_env_create and
            // mdb_env_open (maxdbs/maxreaders fail with EINVAL afterwards).
            try lmdbCheck(mdb_env_set_mapsize(env, requested), "mdb_env_set_mapsize(\(requested)) for \(path)")
            try lmdbCheck(
                mdb_env_set_maxdbs(env, MDB_dbi(options.maxDatabases)),
                "mdb_env_set_maxdbs(\(options.maxDatabases)) for \(path)")
            try lmdbCheck(
                mdb_env_set_maxreaders(env, UInt32(options.maxReaders)),
                "mdb_env_set_maxreaders(\(options.maxReaders)) for \(path)")

            // MDB_NOTLS: reader slots belong to the MDB_txn, not the thread, so read transactions may run on
            // any thread (Swift does not pin work to threads). Never MDB_WRITEMAP (it refuses nested
            // transactions), MDB_NOLOCK or MDB_FIXEDMAP. NOSYNC/NOMETASYNC only in the non-durable mode.
            var flags = UInt32(MDB_NOTLS)
            if !options.durable {
                flags |= UInt32(MDB_NOSYNC) | UInt32(MDB_NOMETASYNC)
            } else if options.defersMetaSync {
                flags |= UInt32(MDB_NOMETASYNC)
            }
            // The path is a directory that already exists (created above); LMDB puts data.mdb and lock.mdb in it.
            try lmdbCheck(mdb_env_open(env, path, flags, 0o644), "cannot open LMDB environment at \(path)")

            // lmdb.h: mdb_reader_check clears reader slots left by dead processes; do it right after open.
            var dead: Int32 = 0
            try lmdbCheck(mdb_reader_check(env, &dead), "mdb_reader_check for \(path)")

            let mapSize = try adoptLargerMapSize(env, requested: requested, path: path)
            return OpenedEnvironment(
                handle: env,
                path: path,
                pageSize: pageSize,
                mapSize: mapSize,
                // lmdb.h: the maximum key size is fixed when LMDB is built (511 by default); read it once.
                maxKeySize: Int(mdb_env_get_maxkeysize(env)),
                staleReadersCleared: Int(dead))
        } catch {
            // lmdb.h (mdb_env_open): if it fails, mdb_env_close must still be called to discard the handle.
            mdb_env_close(env)
            throw error
        }
    }

    /// Keeps the larger of the requested size and the size the file recorded in an earlier run.
    ///
    /// `mdb_env_open` uses the configured size even when the file recorded a larger one, which would shrink
    /// the map. No transaction exists yet, so `mdb_env_set_mapsize(env, 0)` is allowed here (lmdb.h: only
    /// with no active transaction); size 0 adopts the size stored in the file's meta page.
    private static func adoptLargerMapSize(_ env: OpaquePointer, requested: Int, path: String) throws(LMDBError) -> Int {
        try lmdbCheck(mdb_env_set_mapsize(env, 0), "mdb_env_set_mapsize(0) for \(path)")
        var adopted = currentMapSize(env)
        if adopted < requested {
            try lmdbCheck(mdb_env_set_mapsize(env, requested), "mdb_env_set_mapsize(\(requested)) for \(path)")
            adopted = currentMapSize(env)
        }
        return adopted
    }

    /// The map size LMDB is using now (`mdb_env_info`).
    static func currentMapSize(_ env: OpaquePointer) -> Int {
        var info = MDB_envinfo()
        // mdb_env_info only fails for a NULL argument.
        _ = mdb_env_info(env, &info)
        return Int(info.me_mapsize)
    }

    /// `size` rounded up to a multiple of `pageSize`, or `mapFull` when that overflows.
    static func roundUpToPage(_ size: Int, pageSize: Int) throws(LMDBError) -> Int {
        let (padded, overflow) = size.addingReportingOverflow(pageSize - 1)
        guard !overflow else {
            throw LMDBError(code: LMDBError.mapFull.code, message: "map size \(size) cannot be represented")
        }
        return padded / pageSize * pageSize
    }
}
