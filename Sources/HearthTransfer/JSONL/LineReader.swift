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
    /// Bytes of the file (of the range) taken so far: up to the end of the last line returned,
    /// at the end the whole range, so that adjacent readers' counts add up to the file's size.
    package var bytesRead: Int64 { min(end, chunkStart + Int64(position)) - start }
    /// Where this reader's range starts.
    private let start: Int64
    /// Longer lines are refused (a document is at most 1 MiB; its JSON a few times that).
    package static let maxLineBytes = 16 << 20

    /// Lines starting at or after this offset are left to the next reader (see `init(path:range:)`).
    private let end: Int64

    /// Opens `path` for all of its lines.
    /// - Throws: `NOT_FOUND` when it cannot be opened.
    package convenience init(path: String) throws(FirestoreError) {
        try self.init(path: path, range: 0..<Int64.max)
    }

    /// Opens `path` for the lines that start inside `range`: a line running into the range from
    /// before it belongs to the previous range, a line starting inside it is read to its end.
    /// Readers of adjacent ranges together return every line of the file exactly once.
    /// - Throws: `NOT_FOUND` when it cannot be opened; the file's error when it cannot seek.
    package init(path: String, range: Range<Int64>) throws(FirestoreError) {
        start = range.lowerBound
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TransferError.at(path, offset: nil, .notFound, "cannot open the file for reading.")
        }
        self.handle = handle
        end = range.upperBound
        guard start > 0 else { return }
        // Start on the byte before the range: the first line break at or after it ends the line
        // the previous range owns (when that byte is itself a break, the range starts a line).
        do {
            try handle.seek(toOffset: UInt64(start - 1))
        } catch {
            throw TransferError.io(path, error)
        }
        chunkStart = start - 1
        while true {
            if position >= chunk.count {
                guard try load() else { return }
            }
            if let newline = Self.newline(in: chunk, from: position) {
                position = newline + 1
                return
            }
            position = chunk.count
        }
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
                if lineOffset >= end {
                    atEnd = true
                    return nil
                }
                started = true
            }
            if let newline = Self.newline(in: chunk, from: position) {
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

    /// The index of the first line feed in `chunk` at or after `position` (`memchr`, which scans
    /// many bytes at a time: the generic `firstIndex(of:)` took 7% of an import's check).
    private static func newline(in chunk: [UInt8], from position: Int) -> Int? {
        chunk.withUnsafeBytes { raw -> Int? in
            guard position < raw.count, let base = raw.baseAddress,
                  let found = memchr(base + position, 0x0A, raw.count - position) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
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
        return true
    }
}
