import Foundation
package import HearthCore

/// Reads a file line by line (`\n`, optional `\r`), holding one chunk and one line in memory.
package final class LineReader {
    /// The file (named in errors).
    package let path: String
    private let handle: FileHandle
    private var chunk: [UInt8] = []
    private var position = 0
    private var chunkStart: Int64 = 0
    private var atEnd = false
    /// The file offset of the line `next()` returned last.
    package private(set) var lineOffset: Int64 = 0
    /// Bytes read from the file so far.
    package private(set) var bytesRead: Int64 = 0
    /// Longer lines are refused (a document is at most 1 MiB; its JSON a few times that).
    package static let maxLineBytes = 16 << 20

    /// Opens `path`.
    /// - Throws: `NOT_FOUND` when it cannot be opened.
    package init(path: String) throws(FirestoreError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TransferError.at(path, offset: nil, .notFound, "cannot open the file for reading.")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The next line without its terminator, or nil at the end of the file.
    package func next() throws(FirestoreError) -> [UInt8]? {
        var line: [UInt8] = []
        var started = false
        while true {
            if position >= chunk.count {
                guard try load() else {
                    return started && !line.isEmpty ? line : nil
                }
            }
            if !started {
                lineOffset = chunkStart + Int64(position)
                started = true
            }
            if let newline = chunk[position...].firstIndex(of: 0x0A) {
                line += chunk[position..<newline]
                position = newline + 1
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            line += chunk[position...]
            position = chunk.count
            guard line.count <= Self.maxLineBytes else {
                throw TransferError.invalid(path, offset: lineOffset, "a line longer than \(Self.maxLineBytes) bytes.")
            }
        }
    }

    private func load() throws(FirestoreError) -> Bool {
        guard !atEnd else { return false }
        chunkStart += Int64(chunk.count)
        let data: Data?
        do {
            data = try handle.read(upToCount: 1 << 20)
        } catch {
            throw TransferError.io(path, error)
        }
        guard let data, !data.isEmpty else {
            atEnd = true
            chunk = []
            position = 0
            return false
        }
        chunk = [UInt8](data)
        position = 0
        bytesRead += Int64(chunk.count)
        return true
    }
}
