import Foundation
package import HearthCore

/// Writes logical records in LevelDB log framing (32 KiB blocks, fragments, masked CRC-32C),
/// buffering about one block before each write to the file.
package final class LogWriter {
    /// The file being written.
    package let path: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var blockOffset = 0
    /// Bytes written so far, headers and padding included.
    package private(set) var bytesWritten: Int64 = 0

    /// Creates (or truncates) `path`.
    /// - Throws: `UNAVAILABLE` when the file cannot be created.
    package init(path: String) throws(FirestoreError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path)
        else { throw TransferError.at(path, offset: nil, .unavailable, "cannot create the file.") }
        self.handle = handle
        buffer.reserveCapacity(LogFormat.blockSize * 2)
    }

    deinit { try? handle.close() }

    /// Appends one logical record, cutting it into fragments at block boundaries.
    package func append(_ record: [UInt8]) throws(FirestoreError) {
        var next = 0
        var first = true
        repeat {
            let room = LogFormat.blockSize - blockOffset
            if room < LogFormat.headerSize {
                buffer.append(contentsOf: repeatElement(0, count: room))
                blockOffset = 0
            }
            let available = LogFormat.blockSize - blockOffset - LogFormat.headerSize
            let length = min(available, record.count - next)
            let last = next + length == record.count
            let type: LogFormat.RecordType = first && last ? .full : first ? .first : last ? .last : .middle
            appendPhysical(type, record[next..<(next + length)])
            next += length
            first = false
        } while next < record.count
        if buffer.count >= LogFormat.blockSize { try flush() }
    }

    private func appendPhysical(_ type: LogFormat.RecordType, _ payload: ArraySlice<UInt8>) {
        let crc = payload.withUnsafeBytes { raw in
            withUnsafeBytes(of: type.rawValue) { CRC32C.update(CRC32C.update(0, $0), raw) }
        }
        let masked = CRC32C.mask(crc)
        buffer.append(UInt8(truncatingIfNeeded: masked))
        buffer.append(UInt8(truncatingIfNeeded: masked >> 8))
        buffer.append(UInt8(truncatingIfNeeded: masked >> 16))
        buffer.append(UInt8(truncatingIfNeeded: masked >> 24))
        buffer.append(UInt8(truncatingIfNeeded: payload.count))
        buffer.append(UInt8(truncatingIfNeeded: payload.count >> 8))
        buffer.append(type.rawValue)
        buffer.append(contentsOf: payload)
        blockOffset += LogFormat.headerSize + payload.count
    }

    /// Writes what is buffered to the file.
    package func flush() throws(FirestoreError) {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw TransferError.io(path, error)
        }
        bytesWritten += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file; `padBlock` fills the last block with zeros, as production exports do.
    package func finish(padBlock: Bool = false) throws(FirestoreError) {
        if padBlock && blockOffset > 0 {
            buffer.append(contentsOf: repeatElement(0, count: LogFormat.blockSize - blockOffset))
            blockOffset = 0
        }
        try flush()
        do {
            try handle.synchronize()
        } catch {
            throw TransferError.io(path, error)
        }
    }
}
