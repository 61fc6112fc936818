#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file that marks a data directory whose unsynced bulk load has not finished.
///
/// A load into a new directory commits without syncing (`Engine.openForLoad`). The marker is on
/// disk before the data file is created and is removed only after everything was synced, so a
/// directory that a machine crash may have left with unwritten pages is recognized and refused
/// rather than trusted.
struct UnfinishedLoadMarker: Sendable {
    /// The marker's file name inside the data directory.
    static let fileName = "hearth-import-unfinished"

    /// The data directory.
    let directory: String

    /// The marker's full path.
    var path: String { directory + "/" + Self.fileName }

    /// Fails with `FAILED_PRECONDITION` when `directory` holds a marker: its load never finished.
    static func refuseIfPresent(directory: String) throws(FirestoreError) {
        let marker = UnfinishedLoadMarker(directory: directory)
        guard access(marker.path, F_OK) == 0 else { return }
        throw FirestoreError(
            .failedPrecondition,
            "The data directory \(directory) holds an import that did not finish: the process or the machine "
                + "stopped before its closing sync, so its files may be incomplete. Delete the directory and "
                + "import again (or delete \(marker.path) to open what it holds anyway).")
    }

    /// Writes the marker and makes it durable: its contents, then its entry in the directory.
    /// - Throws: `INTERNAL` naming the path when the file system refuses.
    func create() throws(FirestoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create") }
        let text = "An import into this directory started and has not finished its closing sync.\n"
        let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == text.utf8.count, synced == 0 else { throw failure("cannot write") }
        try syncDirectory()
    }

    /// Removes the marker durably (after the load's data is synced).
    /// - Throws: `INTERNAL` naming the path when the file system refuses.
    func delete() throws(FirestoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot remove") }
        try syncDirectory()
    }

    /// Syncs the directory, so that a created or removed entry survives a machine crash.
    private func syncDirectory() throws(FirestoreError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the directory of") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync the directory of") }
    }

    /// The error for a failed file-system step, with `errno`'s text.
    private func failure(_ step: String) -> FirestoreError {
        let reason = String(cString: strerror(errno))
        return FirestoreError(.internal, "\(step) the import marker \(path): \(reason)")
    }
}
