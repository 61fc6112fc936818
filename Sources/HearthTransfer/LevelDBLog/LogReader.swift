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

    /// When true, damaged framing is passed over as LevelDB's own reader does instead of ending
    /// the read (`--skip-invalid`): after a bad checksum or length the rest of the block is
    /// dropped, fragments continuing a dropped record are dropped until the next whole or first
    /// fragment, and `nextEntry()` reports each damaged place once.
    package var resynchronizes = false
    /// Bytes dropped as damaged so far (with `resynchronizes`).
    package private(set) var droppedBytes: Int64 = 0

    /// The fragments of the record being assembled, and whether one is open.
    private var assembled: [UInt8] = []
    private var inFragments = false
    /// After damage: middle and last fragments belong to a dropped record.
    private var droppingContinuation = false

    /// What `nextEntry()` found.
    package enum Entry {
        /// A whole logical record.
        case record([UInt8])
        /// Damaged framing that was passed over (only with `resynchronizes`).
        case damage(FirestoreError)
    }

    /// The next logical record, or nil at the end of the file.
    /// - Throws: `DATA_LOSS` naming the file and offset for a bad checksum, a truncated or
    ///   misordered fragment, or an unknown record type (unless `resynchronizes`, where damage
    ///   is skipped silently; use `nextEntry()` to hear of it).
    package func next() throws(FirestoreError) -> [UInt8]? {
        while let entry = try nextEntry() {
            if case .record(let record) = entry { return record }
        }
        return nil
    }

    /// The next record or, with `resynchronizes`, the next damaged place passed over; nil at the
    /// end of the file.
    /// - Throws: as `next()`; with `resynchronizes` only I/O errors.
    package func nextEntry() throws(FirestoreError) -> Entry? {
        while true {
            if block.count - position < LogFormat.headerSize {
                // A block's last bytes, too short for a header, are a zero trailer; anything else
                // in a short (final) block is a header cut off by the end of the file.
                if block.count < LogFormat.blockSize, block[position...].contains(where: { $0 != 0 }) {
                    return try damaged(
                        TransferError.damaged(path, offset: blockStart + Int64(position), "the file is truncated inside a record header."),
                        droppingBlock: true)
                }
                guard try loadBlock() else {
                    if inFragments {
                        return try damaged(
                            TransferError.damaged(path, offset: recordOffset, "the file ends inside a record."), droppingBlock: true)
                    }
                    return nil
                }
                continue
            }
            let header = position
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
                return try damaged(TransferError.damaged(path, offset: offset, "\(why) (length \(length))."), droppingBlock: true)
            }
            let actual = block.withUnsafeBytes { raw in
                CRC32C.update(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: raw[(position + 6)..<(position + 7)])),
                              UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)]))
            }
            guard CRC32C.unmask(stored) == actual else {
                return try damaged(
                    TransferError.damaged(path, offset: offset, "checksum mismatch (the file is damaged)."), droppingBlock: true)
            }
            position = start + length
            guard let type = LogFormat.RecordType(rawValue: typeByte) else {
                return try damaged(TransferError.damaged(path, offset: offset, "unknown record type \(typeByte)."), dropping: length)
            }
            switch type {
            case .zero:
                continue
            case .full, .first:
                if inFragments {
                    // A record left unfinished: report it, then read this fragment afresh.
                    position = header
                    return try damaged(misordered(offset), dropping: 0)
                }
                droppingContinuation = false
                recordOffset = offset
                if type == .full { return .record(Array(block[start..<(start + length)])) }
                inFragments = true
                assembled = Array(block[start..<(start + length)])
            case .middle, .last:
                if droppingContinuation, !inFragments {
                    droppedBytes += Int64(LogFormat.headerSize + length)
                    continue
                }
                guard inFragments else { return try damaged(misordered(offset), dropping: length) }
                assembled += block[start..<(start + length)]
                guard assembled.count <= Self.maxRecordBytes else {
                    return try damaged(
                        TransferError.damaged(path, offset: recordOffset, "a record is larger than \(Self.maxRecordBytes) bytes."),
                        dropping: 0)
                }
                if type == .last {
                    inFragments = false
                    defer { assembled = [] }
                    return .record(assembled)
                }
            }
        }
    }

    /// Fails with `error`, or with `resynchronizes` drops what it spoiled — the record being
    /// assembled, `payload` bytes of the fragment just read, and the rest of the block when its
    /// framing can no longer be trusted — and reports it.
    private func damaged(
        _ error: FirestoreError, dropping payload: Int = 0, droppingBlock: Bool = false
    ) throws(FirestoreError) -> Entry {
        guard resynchronizes else { throw error }
        droppedBytes += Int64(assembled.count + (payload > 0 ? LogFormat.headerSize + payload : 0))
        if droppingBlock {
            droppedBytes += Int64(block.count - position)
            position = block.count
        }
        assembled = []
        inFragments = false
        droppingContinuation = true
        return .damage(error)
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
