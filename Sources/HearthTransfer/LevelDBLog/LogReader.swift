import Foundation
package import HearthCore

/// Reads the logical records of a LevelDB-log-framed file one at a time, holding one 32 KiB block
/// (plus the record being assembled) in memory, and checking every fragment's checksum.
package final class LogReader {
    /// The file being read (named in errors).
    package let path: String
    private let handle: FileHandle
    private var block: [UInt8] = []
    private var position = 0
    private var blockStart: Int64 = 0
    /// The file offset of the last record `next()` returned (its first fragment's header).
    package private(set) var recordOffset: Int64 = 0
    /// Bytes consumed so far (whole blocks read).
    package private(set) var bytesRead: Int64 = 0
    /// Logical records larger than this are refused: Firestore documents stay below 1 MiB, so a
    /// longer chain of fragments means a damaged file, and memory stays bounded.
    package static let maxRecordBytes = 8 << 20

    /// Opens `path` for reading.
    /// - Throws: `NOT_FOUND` when the file cannot be opened.
    package init(path: String) throws(FirestoreError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TransferError.at(path, offset: nil, .notFound, "cannot open the file for reading.")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// The next logical record, or nil at the end of the file.
    /// - Throws: `DATA_LOSS` naming the file and offset for a bad checksum, a truncated or
    ///   misordered fragment, or an unknown record type.
    package func next() throws(FirestoreError) -> [UInt8]? {
        var assembled: [UInt8] = []
        var inFragments = false
        while true {
            if block.count - position < LogFormat.headerSize {
                // A block's last bytes, too short for a header, are a zero trailer; anything else
                // in a short (final) block is a header cut off by the end of the file.
                if block.count < LogFormat.blockSize, block[position...].contains(where: { $0 != 0 }) {
                    throw TransferError.damaged(path, offset: blockStart + Int64(position), "the file is truncated inside a record header.")
                }
                guard try loadBlock() else {
                    if inFragments { throw TransferError.damaged(path, offset: recordOffset, "the file ends inside a record.") }
                    return nil
                }
                continue
            }
            let offset = blockStart + Int64(position)
            let stored = littleEndianUInt32(at: position)
            let length = Int(block[position + 4]) | Int(block[position + 5]) << 8
            let typeByte = block[position + 6]
            if typeByte == 0 && length == 0 {
                // Zero padding: nothing more in this block.
                position = block.count
                continue
            }
            let start = position + LogFormat.headerSize
            guard start + length <= block.count else {
                let why = block.count < LogFormat.blockSize ? "the file is truncated inside a record" : "a record runs past its block"
                throw TransferError.damaged(path, offset: offset, "\(why) (length \(length)).")
            }
            let actual = block.withUnsafeBytes { raw in
                CRC32C.update(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: raw[(position + 6)..<(position + 7)])),
                              UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)]))
            }
            guard CRC32C.unmask(stored) == actual else {
                throw TransferError.damaged(path, offset: offset, "checksum mismatch (the file is damaged).")
            }
            position = start + length
            guard let type = LogFormat.RecordType(rawValue: typeByte) else {
                throw TransferError.damaged(path, offset: offset, "unknown record type \(typeByte).")
            }
            switch type {
            case .zero:
                continue
            case .full:
                guard !inFragments else { throw misordered(offset) }
                recordOffset = offset
                return Array(block[start..<(start + length)])
            case .first:
                guard !inFragments else { throw misordered(offset) }
                recordOffset = offset
                inFragments = true
                assembled = Array(block[start..<(start + length)])
            case .middle, .last:
                guard inFragments else { throw misordered(offset) }
                assembled += block[start..<(start + length)]
                guard assembled.count <= Self.maxRecordBytes else {
                    throw TransferError.damaged(path, offset: recordOffset, "a record is larger than \(Self.maxRecordBytes) bytes.")
                }
                if type == .last { return assembled }
            }
        }
    }

    private func misordered(_ offset: Int64) -> FirestoreError {
        TransferError.damaged(path, offset: offset, "record fragments are out of order.")
    }

    private func littleEndianUInt32(at index: Int) -> UInt32 {
        UInt32(block[index]) | UInt32(block[index + 1]) << 8 | UInt32(block[index + 2]) << 16 | UInt32(block[index + 3]) << 24
    }

    /// Reads the next block; false at the end of the file.
    private func loadBlock() throws(FirestoreError) -> Bool {
        blockStart += Int64(block.count)
        let data: Data?
        do {
            data = try handle.read(upToCount: LogFormat.blockSize)
        } catch {
            throw TransferError.io(path, error)
        }
        guard let data, !data.isEmpty else {
            block = []
            position = 0
            return false
        }
        block = [UInt8](data)
        position = 0
        bytesRead += Int64(block.count)
        return true
    }
}
