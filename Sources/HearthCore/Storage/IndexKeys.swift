import Synchronization

// The `index` table (schema 3): single-field index entries kept in the document's write transaction.
//
//   key   dbNum u32 · scope u8 · scopeID u64 · kind u8 · field u64 · value · name [· hash16]
//   data  flags u8 · collNum u64 · UTF-8 document id
//
//   flags    bit 0: cut, bit 1: value cut (see Bounding below); bit 2: the value is an integer
//            (kind 1 entries only). An integer and a double of equal value share their key bytes
//            (they are equal in queries), so a sum read from the entries takes its type from here.
//
//   scope    1 = collection (scopeID = collection number): a query under one parent is a prefix scan;
//            2 = collection group (scopeID = first 8 bytes of SHA-256 of the collection id).
//   kind     1 = the field's value; 2 = one distinct element of an array value (array-contains);
//            3 = the document itself (group scope only, field 0, no value): collection-group scans
//            in document-name order.
//   field    first 8 bytes of SHA-256 of the field path's canonical string.
//
// The `composite` table holds the entries of declared composite indexes (`firestore.indexes.json`):
//
//   key   index u64 · dbNum u32 · scopeID u64 · value per field (descending ones complemented) · name [· hash16]
//         (the name complemented too when the last field is descending, as Firestore orders entries)
//   data  as above
//
// A document has entries in an index only when it holds every indexed field (and an array for the
// one `CONTAINS` field, one entry per distinct element). The index number is a hash of the
// definition, so an index dropped from the configuration is one range delete.
//   value    `OrderedValueEncoding` ascending (descending scans walk backwards).
//   name     collection scope: the encoded id; group scope: every path segment encoded in turn.
//            Either way byte order is document-name order, so equal values come out by name.
//
// Bounding (LMDB keys ≤ 511 bytes): a value encoding longer than `maxValueBytes` keeps only that
// many bytes, and the name keeps what fits in `maxKeyBytes` − 16; such a *cut* entry ends with
// 16 bytes of SHA-256 of the whole value and name (so it stays unique) and has flag bit 0 set
// (bit 1 when the value itself was cut). Proof of order: an uncut value encoding is at most
// `maxValueBytes` long and prefix-free, so it differs from any cut value within its own length;
// likewise uncut names fit in the room a cut name gets. Only cut entries that share a *group key*
// (header + cut value, or the whole key but the hash when only the name was cut) can be out of
// order among themselves; scans re-sort each such run from the documents, and every query
// re-checks its filters against the document, so a cut never changes a result.

/// The layout of `index` keys and values (see the top of this file).
enum IndexKeys {
    /// Index scopes.
    enum Scope: UInt8, Sendable {
        /// Entries of one collection (a parent path and collection id).
        case collection = 1
        /// Entries of every collection with one collection id.
        case group = 2
    }

    /// Entry kinds.
    enum Kind: UInt8, Sendable {
        /// The field's whole value.
        case value = 1
        /// One distinct element of an array value.
        case arrayElement = 2
        /// The document itself, for name-ordered collection-group scans.
        case name = 3
    }

    /// Longest key written (LMDB's limit is 511).
    static let maxKeyBytes = 511
    /// Longest value encoding kept whole.
    static let maxValueBytes = 300
    /// Length of the trailing hash of a cut entry.
    static let cutHashBytes = 16
    /// The bytes of a whole key a cut entry keeps before its hash (and the longest uncut key).
    static let keptKeyBytes = maxKeyBytes - cutHashBytes
    /// Length of the fixed header (db, scope, scope id, kind, field).
    static let headerBytes = 22

    /// Flag: the entry was cut (ends with a hash).
    static let cutFlag: UInt8 = 1
    /// Flag: the value encoding was cut to `maxValueBytes`.
    static let valueCutFlag: UInt8 = 2
    /// Flag: the value of a `.value` entry is an integer (its bytes alone say only "a number").
    static let integerFlag: UInt8 = 4

    /// The 8-byte number of a field path or collection id.
    static func nameHash(_ string: String) -> UInt64 {
        let digest = SHA256.hash(Array(string.utf8))
        return digest.prefix(8).reduce(0) { ($0 << 8) | UInt64($1) }
    }

    /// The header shared by every entry of one field in one scope.
    static func header(db: UInt32, scope: Scope, scopeID: UInt64, kind: Kind, field: UInt64) -> [UInt8] {
        var key = [UInt8]()
        key.reserveCapacity(headerBytes + 64)
        appendHeader(db: db, scope: scope, scopeID: scopeID, kind: kind, field: field, to: &key)
        return key
    }

    /// Appends the header to `key`.
    static func appendHeader(
        db: UInt32, scope: Scope, scopeID: UInt64, kind: Kind, field: UInt64, to key: inout [UInt8]
    ) {
        key.appendBigEndian(db)
        key.append(scope.rawValue)
        key.appendBigEndian(scopeID)
        key.append(kind.rawValue)
        key.appendBigEndian(field)
    }

    /// The scope id of a collection-group scope (the last one remembered: a commit's documents
    /// mostly share their collection, and this is a SHA-256 per document otherwise).
    static func groupID(_ collectionID: String) -> UInt64 {
        if let known = lastGroupID.withLock({ last in last.flatMap { String.equalUTF8($0.id, collectionID) ? $0.hash : nil } }) {
            return known
        }
        let hash = nameHash(collectionID)
        lastGroupID.withLock { $0 = (collectionID, hash) }
        return hash
    }

    /// The last collection id `groupID` hashed, and its hash.
    private static let lastGroupID = Mutex<(id: String, hash: UInt64)?>(nil)

    /// The field number of a field path (remembered: documents of a collection share their fields).
    static func fieldID(_ field: FieldPath) -> UInt64 {
        if let known = fieldIDs.withLock({ $0[field] }) { return known }
        let id = nameHash(field.canonicalString)
        fieldIDs.withLock { cache in
            if cache.count >= maxRememberedFieldIDs { cache.removeAll(keepingCapacity: true) }
            cache[field] = id
        }
        return id
    }

    /// Field numbers computed so far.
    private static let fieldIDs = Mutex<[FieldPath: UInt64]>([:])
    /// Most field numbers remembered at once (the cache starts over past this).
    private static let maxRememberedFieldIDs = 4_096

    /// The name part of a collection-scoped entry: the id as a string's encoding (a numeric id
    /// as its ordered number, `OrderedValueEncoding.writeSegment`).
    static func collectionName(id: String) -> [UInt8] {
        var bytes = [OrderedValueEncoding.Rank.string.rawValue]
        OrderedValueEncoding.writeSegment(id, into: &bytes)
        return bytes
    }

    /// The name part of a collection-group entry: every segment of the document path.
    static func groupName(path: ResourcePath) -> [UInt8] {
        var bytes = [UInt8]()
        for segment in path.segments {
            bytes.append(OrderedValueEncoding.Rank.string.rawValue)
            OrderedValueEncoding.writeSegment(segment, into: &bytes)
        }
        return bytes
    }

    /// The start of every name entry of a collection's documents: its group's name header and the
    /// collection's path encoded (deeper collections with the same id share it).
    static func collectionNamePrefix(db: UInt32, collection: ResourcePath) -> [UInt8] {
        header(db: db, scope: .group, scopeID: groupID(collection.lastSegment ?? ""), kind: .name, field: 0)
            + groupName(path: collection)
    }

    /// A whole entry key: header, value and name, cut to fit when needed; and its flags.
    static func entry(header: [UInt8], value: [UInt8], name: [UInt8]) -> (key: [UInt8], flags: UInt8) {
        let valueCut = value.count > maxValueBytes
        let room = keptKeyBytes
        if !valueCut && header.count + value.count + name.count <= room {
            return (header + value + name, 0)
        }
        var key = header
        key += valueCut ? Array(value.prefix(maxValueBytes)) : value
        let nameRoom = max(0, room - key.count)
        key += name.prefix(nameRoom)
        key += SHA256.hash(value + name).prefix(cutHashBytes)
        return (key, cutFlag | (valueCut ? valueCutFlag : 0))
    }

    /// The header of a composite index's entries in one scope (`composite` table):
    /// index number u64 · dbNum u32 · scope id u64 (collection number, or the group id).
    static func compositeHeader(index: UInt64, db: UInt32, scopeID: UInt64) -> [UInt8] {
        var key = [UInt8]()
        key.reserveCapacity(20 + 64)
        key.appendBigEndian(index)
        key.appendBigEndian(db)
        key.appendBigEndian(scopeID)
        return key
    }

    /// The group key of a cut entry: the bytes that cut entries of one possibly misordered run share.
    static func groupKey(of key: UnsafeRawBufferPointer, flags: UInt8) -> [UInt8] {
        if flags & valueCutFlag != 0 { return Array(key.prefix(headerBytes + maxValueBytes)) }
        return Array(key.prefix(max(0, key.count - cutHashBytes)))
    }

    /// An entry's data: flags, collection number, document id.
    static func data(flags: UInt8, collection: UInt64, id: String) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(9 + id.utf8.count)
        bytes.append(flags)
        bytes.appendBigEndian(collection)
        bytes += id.utf8
        return bytes
    }

    /// Takes an entry's data apart; nil when damaged.
    static func decodeData(_ data: UnsafeRawBufferPointer) -> (flags: UInt8, collection: UInt64, id: String)? {
        guard data.count >= 9, let collection = data.bigEndianUInt64(at: 1) else { return nil }
        return (data[0], collection, String(decoding: UnsafeRawBufferPointer(rebasing: data[9...]), as: UTF8.self))
    }
}
