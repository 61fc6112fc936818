// The storage schema: every LMDB table Hearth keeps and the tuple each key holds.
// Changing any layout here means bumping `StorageSchema.version` (and migrating in `Storage.open`).
//
//   meta         ascii name                                   → value (see MetaKey)
//   databases    utf8 "project/database"                       → dbNum u32
//   collections  dbNum u32 · sha256(collection path)[0..<16]  → collNum u64 · utf8 collection path
//   collpaths    collNum u64                                   → dbNum u32 · utf8 collection path
//   children     dbNum u32 · sha256(parent doc path)[0..<16] · idKey(collection id)
//                                                              → collNum u64 · utf8 collection id
//   documents    dbNum u32 · collNum u64 · idKey(document id)  → DocumentRecord
//   history      dbNum u32 · sha256(doc path)[0..<16] · version u64
//                                                              → DocumentRecord as it was *before* version
//   changes      version u64                                   → ChangeRecord (dbNum + paths changed)
//   index        single-field index entries (schema 3; layout in IndexKeys.swift)
//   composite    composite index entries (layout in IndexKeys.swift); meta "composites" lists the
//                indexes built, so a changed firestore.indexes.json is synced on open
//
// Integers are big-endian so LMDB's byte order is numeric order. The root of a database is the
// document path "" (sha256 of the empty string). A collection's documents are one contiguous run
// of `documents` in id order: a collection query ordered by `__name__` is a prefix scan.
//
// idKey(id) is the id's UTF-8 bytes when they are at most 440 bytes long; a longer id (Firestore
// allows 1,500 bytes) keeps its first 440 bytes followed by the 32-byte SHA-256 of the whole id,
// so every key stays under LMDB's 511-byte limit (4 + 8 + 472 = 484 at most). Such keys are exact
// (one id, one key), but among ids longer than 440 bytes that share their first 440 bytes the key
// order is hash order: scans re-sort those runs by the full id kept in the record (`specs/storage.md`).

/// The on-disk schema version; stored in `meta` and checked at open.
enum StorageSchema {
    /// Version 3: the layout described at the top of this file. Version 1 had no `index` table;
    /// version 2 had no integer flag in index entries (`IndexKeys.integerFlag`). Opening either
    /// rebuilds the `index` table from the documents (`DocumentStore.rebuildIndex`) and moves it to 3.
    static let version: UInt32 = 3
    /// The oldest version this build upgrades in place.
    static let oldestUpgradable: UInt32 = 1
}

/// Names of the entries in the `meta` table.
enum MetaKey {
    /// Schema version (u32).
    static let schema: [UInt8] = Array("schema".utf8)
    /// The last commit version (u64 microseconds).
    static let lastCommit: [UInt8] = Array("lastCommit".utf8)
    /// The next collection number to hand out (u64).
    static let nextCollection: [UInt8] = Array("nextCollection".utf8)
    /// The composite indexes whose entries are built: their storage ids, u64 each.
    static let composites: [UInt8] = Array("composites".utf8)
    /// The collection-group scope policy the single-field entries were built with (its signature).
    static let groupScope: [UInt8] = Array("groupScope".utf8)
    /// The next database number to hand out (u32).
    static let nextDatabase: [UInt8] = Array("nextDatabase".utf8)
    /// Present while index work is pending: the version (u64) of the first commit it is behind on.
    static let indexBacklog: [UInt8] = Array("indexBacklog".utf8)
}

/// Builds and takes apart the keys of every table.
package enum StorageKeys {
    /// Longest document or collection id stored verbatim inside a key.
    static let maxVerbatimIDBytes = 440
    /// Length of the path hashes used in keys.
    static let pathHashBytes = 16

    /// The first two bytes of a numeric document id's key part (`NumericDocumentID`), followed by
    /// its 8 ordered bytes: 0xFF never occurs in UTF-8, so no verbatim id has this form, and the
    /// key sorts before every id but those beginning with U+0000, as Firestore orders numeric ids.
    static let numericIDMarker: [UInt8] = [0x00, 0xFF]

    /// The key part naming one id: a numeric id's marker and number, the id verbatim, or a
    /// 440-byte prefix plus the id's SHA-256.
    static func idKey(_ id: String) -> [UInt8] {
        if let number = NumericDocumentID.value(of: id) { return numericIDMarker + NumericDocumentID.orderedBytes(number) }
        let bytes = Array(id.utf8)
        if bytes.count <= maxVerbatimIDBytes { return bytes }
        return Array(bytes[0..<maxVerbatimIDBytes]) + SHA256.hash(bytes)
    }

    /// True when an id key was shortened (the full id lives in the record).
    static func isShortened(idKeyLength: Int) -> Bool { idKeyLength > maxVerbatimIDBytes }

    /// The id an unshortened key part names (the inverse of `idKey` for ids of at most 440 bytes).
    static func id(fromKeyPart bytes: UnsafeRawBufferPointer) -> String {
        if bytes.count == 10, bytes[0] == numericIDMarker[0], bytes[1] == numericIDMarker[1],
           let number = NumericDocumentID.number(fromOrderedBytes: bytes.dropFirst(2)) {
            return NumericDocumentID.id(number)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The 16-byte hash of a path's canonical string, used where whole paths cannot fit in a key.
    static func pathHash(_ path: ResourcePath) -> [UInt8] {
        Array(SHA256.hash(Array(path.canonicalString.utf8)).prefix(pathHashBytes))
    }

    /// `databases` key.
    static func database(_ id: DatabaseID) -> [UInt8] { Array("\(id.project)/\(id.database)".utf8) }

    /// `collections` key for a collection path.
    static func collection(db: UInt32, path: ResourcePath) -> [UInt8] {
        var key = [UInt8]()
        key.reserveCapacity(4 + pathHashBytes)
        key.appendBigEndian(db)
        key += pathHash(path)
        return key
    }

    /// `collpaths` key.
    static func collectionPath(_ collection: UInt64) -> [UInt8] {
        var key = [UInt8]()
        key.appendBigEndian(collection)
        return key
    }

    /// The `children` prefix of every collection directly under `parent` (`.root` for top-level ones).
    static func childrenPrefix(db: UInt32, parent: ResourcePath) -> [UInt8] {
        var key = [UInt8]()
        key.reserveCapacity(4 + pathHashBytes)
        key.appendBigEndian(db)
        key += pathHash(parent)
        return key
    }

    /// `children` key of collection `id` under `parent`.
    static func child(db: UInt32, parent: ResourcePath, id: String) -> [UInt8] {
        childrenPrefix(db: db, parent: parent) + idKey(id)
    }

    /// The `documents` prefix shared by every document of one collection.
    static func documentsPrefix(db: UInt32, collection: UInt64) -> [UInt8] {
        var key = [UInt8]()
        key.reserveCapacity(12 + maxVerbatimIDBytes)
        key.appendBigEndian(db)
        key.appendBigEndian(collection)
        return key
    }

    /// `documents` key.
    package static func document(db: UInt32, collection: UInt64, id: String) -> [UInt8] {
        var key = documentsPrefix(db: db, collection: collection)
        let utf8 = id.utf8
        if utf8.count <= maxVerbatimIDBytes, NumericDocumentID.value(of: id) == nil {
            // Into the prefix's reserved room: one allocation for the whole key (point gets).
            key.append(contentsOf: utf8)
        } else {
            key += idKey(id)
        }
        return key
    }

    /// Calls `body` with the `documents` key of `id` (the bytes `document(db:collection:id:)`
    /// returns), built on the stack when the id is stored verbatim: a point get allocates no key.
    package static func withDocumentKey<R, E: Error>(
        db: UInt32, collection: UInt64, id: String, _ body: (UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let idCount = id.utf8.count
        // The library's closures rethrow untyped; the outcome crosses them as a `Result`.
        let outcome: Result<R, E>
        if idCount > maxVerbatimIDBytes || NumericDocumentID.value(of: id) != nil {
            outcome = document(db: db, collection: collection, id: id).withUnsafeBytes { bytes in
                Result { () throws(E) in try body(bytes) }
            }
        } else {
            outcome = withUnsafeTemporaryAllocation(byteCount: 12 + idCount, alignment: 1) { buffer in
                buffer.storeBytes(of: db.bigEndian, toByteOffset: 0, as: UInt32.self)
                buffer.storeBytes(of: collection.bigEndian, toByteOffset: 4, as: UInt64.self)
                let tail = UnsafeMutableRawBufferPointer(rebasing: buffer[12...])
                let copied: Void? = id.utf8.withContiguousStorageIfAvailable { tail.copyMemory(from: UnsafeRawBufferPointer($0)) }
                if copied == nil { tail.copyBytes(from: id.utf8) }
                return Result { () throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
            }
        }
        return try outcome.get()
    }

    /// The `history` prefix of one document.
    static func historyPrefix(db: UInt32, key: DocumentKey) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(4 + pathHashBytes + 8)
        bytes.appendBigEndian(db)
        bytes += pathHash(key.path)
        return bytes
    }

    /// `history` key: the state of `key` before the commit at `version`.
    static func history(db: UInt32, key: DocumentKey, version: Int64) -> [UInt8] {
        var bytes = historyPrefix(db: db, key: key)
        bytes.appendBigEndian(UInt64(bitPattern: version))
        return bytes
    }

    /// `changes` key.
    static func change(version: Int64) -> [UInt8] {
        var key = [UInt8]()
        key.appendBigEndian(UInt64(bitPattern: version))
        return key
    }

    /// The smallest key strictly greater than every key starting with `prefix`, or nil if none exists.
    static func successor(ofPrefix prefix: [UInt8]) -> [UInt8]? {
        var bytes = prefix
        while let last = bytes.last {
            if last < 0xFF {
                bytes[bytes.count - 1] = last + 1
                return bytes
            }
            bytes.removeLast()
        }
        return nil
    }

    /// A readable rendering of any key, for logs and error messages.
    static func describe(key: UnsafeRawBufferPointer) -> String {
        key.map { byte in
            (0x20..<0x7F).contains(byte) && byte != 0x5C
                ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }
}

extension [UInt8] {
    /// Appends a big-endian u32.
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a big-endian u64.
    mutating func appendBigEndian(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}

extension UnsafeRawBufferPointer {
    /// Reads a big-endian u32 at `offset`, or nil when the buffer is too short.
    func bigEndianUInt32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        var value: UInt32 = 0
        for i in 0..<4 { value = value << 8 | UInt32(self[offset + i]) }
        return value
    }

    /// Reads a big-endian u64 at `offset`, or nil when the buffer is too short.
    func bigEndianUInt64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset + 8 <= count else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(self[offset + i]) }
        return value
    }
}

extension String {
    /// Pads with leading zeros to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
