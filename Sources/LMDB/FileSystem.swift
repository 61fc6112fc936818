#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The few file-system steps an environment needs before LMDB sees its path.
enum FileSystem {
    /// Creates `path` and any missing parents (mkdir -p); succeeds when it already is a directory.
    static func makeDirectory(_ path: String) throws(LMDBError) {
        if isDirectory(path) { return }
        let parent = parentPath(of: path)
        if parent != path, !parent.isEmpty {
            try makeDirectory(parent)
        }
        if mkdir(path, 0o755) != 0 {
            let code = errno
            // Another thread or process may have created it meanwhile; that is success.
            if code == EEXIST, isDirectory(path) { return }
            throw LMDBError(lmdbCode: code, context: "cannot create directory \(path)")
        }
    }

    /// The absolute path with symlinks, `.` and `..` resolved (`realpath`), so one directory has one key.
    static func canonicalPath(_ path: String) throws(LMDBError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw LMDBError(lmdbCode: errno, context: "cannot resolve path \(path)")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `ENOSPC` when an `EIO` from LMDB means the file system holding `directory` is full, else
    /// `code`. LMDB reports a short page write as `EIO` (mdb_page_flush), and a short write is what
    /// a full disk gives; so an `EIO` with under 1 MiB left is taken for `ENOSPC`.
    static func reclassifyingFullDisk(_ code: Int32, directory: String) -> Int32 {
        guard code == EIO else { return code }
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return code }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20 ? ENOSPC : code
    }

    /// Whether `path` names an existing directory (following symlinks).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` without its last component ("/a/b/" → "/a", "b" → "").
    private static func parentPath(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }
}
