/// The commit log entry of one commit (`changes` table): which documents it changed.
///
/// Layout: `dbNum u32 · count u32 · (length u32 · UTF-8 path)* · [depth u8 · author]`, the author
/// being `length u8 · UTF-8 type · length u32 · UTF-8 id` (empty id: none). The states before each
/// change are in `history`; the states after are the next history entry or the current record.
/// The trailer (`TriggerDepth`, `ChangeAuthor`) is written only when the commit is not an admin's
/// at depth 0, so those entries (and every entry written before triggers existed) end after the paths.
struct ChangeRecord: Equatable {
    /// The database number.
    var db: UInt32
    /// The changed documents.
    var keys: [DocumentKey]
    /// How many trigger handlers lie between the client and this commit.
    var depth: UInt8 = 0
    /// Who committed.
    var author: ChangeAuthor = .admin

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
        if depth > 0 || author != .admin {
            bytes.append(depth)
            let type = Array(author.type.utf8.prefix(255))
            bytes.append(UInt8(type.count))
            bytes += type
            let id = Array((author.id ?? "").utf8)
            bytes.appendBigEndian(UInt32(id.count))
            bytes += id
        }
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
        guard offset < raw.count else { return ChangeRecord(db: db, keys: keys) }
        let depth = raw[offset]
        guard offset + 2 <= raw.count else { throw corrupt }
        let typeLength = Int(raw[offset + 1])
        let typeStart = offset + 2
        guard typeStart + typeLength + 4 <= raw.count, let idLength = raw.bigEndianUInt32(at: typeStart + typeLength),
              typeStart + typeLength + 4 + Int(idLength) == raw.count else { throw corrupt }
        let type = String(decoding: UnsafeRawBufferPointer(rebasing: raw[typeStart..<typeStart + typeLength]), as: UTF8.self)
        let idStart = typeStart + typeLength + 4
        let id = String(decoding: UnsafeRawBufferPointer(rebasing: raw[idStart..<raw.count]), as: UTF8.self)
        return ChangeRecord(db: db, keys: keys, depth: depth, author: ChangeAuthor(type: type, id: id.isEmpty ? nil : id))
    }
}
