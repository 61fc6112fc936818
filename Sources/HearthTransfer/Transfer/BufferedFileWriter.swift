import Foundation
package import HearthCore

/// Writes a file through a 1 MiB buffer.
package final class BufferedFileWriter {
    /// The file.
    package let path: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Bytes handed to `write` so far.
    package private(set) var bytesWritten: Int64 = 0

    /// Creates (or truncates) `path`.
    package init(path: String) throws(FirestoreError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw TransferError.at(path, offset: nil, .unavailable, "cannot create the file.") }
        self.handle = handle
        buffer.reserveCapacity(1 << 20)
    }

    deinit { try? handle.close() }

    /// Appends `bytes`.
    package func write(_ bytes: [UInt8]) throws(FirestoreError) {
        buffer += bytes
        bytesWritten += Int64(bytes.count)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(FirestoreError) {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw TransferError.io(path, error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and syncs the file.
    package func finish() throws(FirestoreError) {
        try flush()
        do {
            try handle.synchronize()
        } catch {
            throw TransferError.io(path, error)
        }
    }
}
