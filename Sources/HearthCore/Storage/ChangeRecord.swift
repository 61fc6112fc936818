/// The commit log entry of one commit (`changes` table): which documents it changed.
///
/// Layout: `dbNum u32 · count u32 · (length u32 · UTF-8 path)* · [depth u8]`. The states before
/// each change are in `history`; the states after are the next history entry or the current record.
/// The trailing depth (`TriggerDepth`) is written only when it is not 0, so entries of clients'
/// commits (and every entry written before triggers existed) end after the paths.
struct ChangeRecord: Equatable {
    /// The database number.
    var db: UInt32
    /// The changed documents.
    var keys: [DocumentKey]
    /// How many trigger handlers lie between the client and this commit.
    var depth: UInt8 = 0

    /// Encodes the entry.
    func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.appendBigEndian(db)
        bytes.appendBigEndian(UInt32(keys.count))
        for key in keys {
            let path = Array(key.path.canonicalString.utf8)
            bytes.appendBigEndian(UInt32(path.count))
            bytes += path
        }
        if depth > 0 { bytes.append(depth) }
        return bytes
    }

    /// Decodes an entry; corrupt bytes throw `DATA_LOSS`.
    static func decode(_ raw: UnsafeRawBufferPointer) throws(FirestoreError) -> ChangeRecord {
        let corrupt = FirestoreError(.dataLoss, "Corrupt stored commit log entry.")
        guard let db = raw.bigEndianUInt32(at: 0), let count = raw.bigEndianUInt32(at: 4) else { throw corrupt }
        var offset = 8
        var keys: [DocumentKey] = []
        for _ in 0..<count {
            guard let length = raw.bigEndianUInt32(at: offset), offset + 4 + Int(length) <= raw.count else {
                throw corrupt
            }
            let path = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset + 4..<offset + 4 + Int(length)]), as: UTF8.self)
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard segments.count % 2 == 0 else { throw corrupt }
            keys.append(DocumentKey(unchecked: ResourcePath(uncheckedSegments: segments)))
            offset += 4 + Int(length)
        }
        guard offset >= raw.count || offset + 1 == raw.count else { throw corrupt }
        return ChangeRecord(db: db, keys: keys, depth: offset < raw.count ? raw[offset] : 0)
    }
}
