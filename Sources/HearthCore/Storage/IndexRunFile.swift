#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sorted run of index entries spilled to a file by `IndexBulkBuild`: each entry is its key's
/// length (2 bytes, big-endian), its value's length (4 bytes), the key, then the value. The file
/// lives only while one build runs, so the layout is private to it.
enum IndexRunFile {
    /// Bytes gathered before each `write(2)`.
    private static let flushBytes = 1 << 20

    /// Writes the entries of `arena`, in the order it holds them, to a new file at `path`.
    /// - Throws: `INTERNAL` naming the path when the file cannot be written.
    static func write(_ arena: IndexEntryArena, to path: String) throws(FirestoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", path) }
        defer { close(descriptor) }
        var buffer = [UInt8]()
        buffer.reserveCapacity(flushBytes + 4096)
        do {
            try arena.forEach { key, value in
                let keyCount = UInt16(truncatingIfNeeded: key.count)
                let valueCount = UInt32(truncatingIfNeeded: value.count)
                buffer.append(UInt8(keyCount >> 8))
                buffer.append(UInt8(keyCount & 0xFF))
                for shift in stride(from: 24, through: 0, by: -8) { buffer.append(UInt8((valueCount >> UInt32(shift)) & 0xFF)) }
                buffer.append(contentsOf: key)
                buffer.append(contentsOf: value)
                if buffer.count >= flushBytes { try flush(&buffer, to: descriptor, path: path) }
            }
            try flush(&buffer, to: descriptor, path: path)
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw FirestoreError(.internal, "Building the index: cannot write the run file \(path): \(error).")
        }
    }

    /// Writes all of `buffer` to `descriptor` and empties it.
    private static func flush(_ buffer: inout [UInt8], to descriptor: Int32, path: String) throws(FirestoreError) {
        var done = 0
        while done < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                systemWrite(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw failure("cannot write", path) }
            done += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The error for a failed step on the run file at `path`, with `errno`'s text.
    static func failure(_ step: String, _ path: String) -> FirestoreError {
        FirestoreError(.internal, "Building the index: \(step) the run file \(path): \(String(cString: strerror(errno))).")
    }
}

/// Reads a run file back one entry at a time through a small buffer (a build merges many runs
/// at once, so each holds only this much in memory). The buffer is raw memory, not an array: the
/// merge compares two readers' current keys for every entry, and an array property of a class
/// would pay a dynamic exclusivity check at each of those accesses.
final class IndexRunReader {
    private let descriptor: Int32
    private let path: String
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The current entry: where it starts in `buffer` and its key's and value's lengths
    /// (`keyCount` is -1 before the first `advance()` and after the end).
    private var currentStart = 0
    private var keyCount = -1
    private var valueCount = 0

    /// Opens the run at `path`, reading `bufferBytes` at a time.
    /// - Throws: `INTERNAL` when the file cannot be opened.
    init(path: String, bufferBytes: Int = 64 << 10) throws(FirestoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw IndexRunFile.failure("cannot open", path) }
        self.descriptor = descriptor
        self.path = path
        capacity = max(bufferBytes, 4096)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Moves to the next entry; false at the end of the run.
    /// - Throws: `INTERNAL` when the file cannot be read or ends inside an entry.
    func advance() throws(FirestoreError) -> Bool {
        if keyCount >= 0 { start = currentStart + 6 + keyCount + valueCount }
        keyCount = -1
        guard try fill(6) else { return false }
        let header = UnsafeRawPointer(buffer + start).assumingMemoryBound(to: UInt8.self)
        let nextKeyCount = Int(header[0]) << 8 | Int(header[1])
        var nextValueCount = 0
        for offset in 2..<6 { nextValueCount = nextValueCount << 8 | Int(header[offset]) }
        guard try fill(6 + nextKeyCount + nextValueCount) else {
            throw FirestoreError(.internal, "Building the index: the run file \(path) ends inside an entry.")
        }
        currentStart = start
        keyCount = nextKeyCount
        valueCount = nextValueCount
        return true
    }

    /// Calls `body` with the current entry's key and value (valid only inside it).
    func withCurrent<R>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> R) -> R? {
        guard keyCount >= 0 else { return nil }
        let key = UnsafeRawBufferPointer(start: buffer + currentStart + 6, count: keyCount)
        return body(key, UnsafeRawBufferPointer(start: buffer + currentStart + 6 + keyCount, count: valueCount))
    }

    /// The current entry's key compared with `other`'s: -1, 0 or 1 (an exhausted run last).
    func compareCurrent(with other: IndexRunReader) -> Int {
        guard keyCount >= 0 else { return other.keyCount < 0 ? 0 : 1 }
        guard other.keyCount >= 0 else { return -1 }
        return IndexEntryArena.compare(
            buffer + currentStart + 6, keyCount, other.buffer + other.currentStart + 6, other.keyCount)
    }

    /// Makes at least `count` unread bytes available; false when the file ends before any byte
    /// of them (a clean end), an error when it ends part of the way.
    private func fill(_ count: Int) throws(FirestoreError) -> Bool {
        if end - start >= count { return true }
        if start > 0 {
            memmove(buffer, buffer + start, end - start)
            end -= start
            start = 0
        }
        if capacity < count {
            let larger = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
            larger.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = larger
            capacity = count
        }
        while end < count && !reachedEnd {
            let read = systemRead(descriptor, buffer + end, capacity - end)
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw IndexRunFile.failure("cannot read", path) }
            if read == 0 { reachedEnd = true } else { end += read }
        }
        if end >= count { return true }
        guard end == 0 else {
            throw FirestoreError(.internal, "Building the index: the run file \(path) ends inside an entry.")
        }
        return false
    }
}

/// `write(2)`, named apart from the methods called `write` above.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `read(2)`, named apart from the locals called `read` above.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
