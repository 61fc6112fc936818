import LMDB
import Synchronization

/// Maps database ids and collection paths to the compact numbers used inside keys.
///
/// Numbers are assigned by the writer inside its write transaction and are never reused or
/// reassigned, so a cached mapping can never go stale. The writer publishes new mappings to the
/// shared cache only after its transaction committed (`publish(_:)`).
final class Catalog: Sendable {
    /// A collection's identity inside one database.
    struct CollectionRef: Hashable, Sendable {
        /// The database number.
        var db: UInt32
        /// The collection path.
        var path: ResourcePath
    }

    /// Mappings created by an uncommitted write transaction.
    struct Pending {
        /// New database numbers.
        var databases: [DatabaseID: UInt32] = [:]
        /// New collection numbers.
        var collections: [CollectionRef: UInt64] = [:]
        /// Creates an empty set.
        init() {}
        /// Adds `other`'s mappings (a nested transaction committed into its parent).
        mutating func merge(_ other: Pending) {
            databases.merge(other.databases) { a, _ in a }
            collections.merge(other.collections) { a, _ in a }
        }
    }

    private let tables: Tables
    /// Committed mappings; guarded by the mutex.
    private let databases = Mutex<[DatabaseID: UInt32]>([:])
    /// Committed mappings; guarded by the mutex.
    private let collections = Mutex<[CollectionRef: UInt64]>([:])
    /// Committed locations found by document keys (`locate`); guarded by the mutex.
    private let locations = Mutex(CollectionLocator())

    /// Creates a catalog over `tables`.
    init(tables: Tables) { self.tables = tables }

    /// Makes mappings of a committed transaction visible to readers.
    func publish(_ pending: Pending) {
        guard !pending.databases.isEmpty || !pending.collections.isEmpty else { return }
        databases.withLock { $0.merge(pending.databases) { a, _ in a } }
        collections.withLock { $0.merge(pending.collections) { a, _ in a } }
    }

    /// The number of `database`, or nil when nothing was ever written to it.
    func databaseNumber(
        _ database: DatabaseID, in txn: ReadTransaction, remember: Bool = true
    ) throws -> UInt32? {
        if let known = databases.withLock({ $0[database] }) { return known }
        guard let bytes = try txn.get(StorageKeys.database(database), in: tables.databases) else { return nil }
        let number = try bytes.withUnsafeBytes { raw throws(FirestoreError) -> UInt32 in
            guard let n = raw.bigEndianUInt32(at: 0) else { throw corrupt("database number") }
            return n
        }
        if remember { databases.withLock { $0[database] = number } }
        return number
    }

    /// Every stored database by number (the commit log names databases by number).
    func databaseIDs(in txn: ReadTransaction) throws -> [UInt32: DatabaseID] {
        var ids: [UInt32: DatabaseID] = [:]
        try txn.scan(in: tables.databases, from: nil, to: nil) { key, value in
            let name = String(decoding: key, as: UTF8.self)
            guard let slash = name.firstIndex(of: "/"), let number = value.bigEndianUInt32(at: 0) else {
                throw corrupt("database entry")
            }
            ids[number] = DatabaseID(
                uncheckedProject: String(name[..<slash]), database: String(name[name.index(after: slash)...]))
            return true
        }
        return ids
    }

    /// Where the collection holding `key` in `database` is stored, or nil when it never held a
    /// document. For readers (committed data): a key seen before is found without building its
    /// collection's path or hashing its ids with SipHash.
    func locate(_ key: DocumentKey, in database: DatabaseID, _ txn: ReadTransaction) throws -> CollectionLocator.Location? {
        if let known = locations.withLock({ $0.location(of: key, in: database) }) { return known }
        guard let db = try databaseNumber(database, in: txn),
              let collection = try collectionNumber(db: db, path: key.collectionPath, in: txn)
        else { return nil }
        let location = CollectionLocator.Location(db: db, collection: collection)
        locations.withLock { $0.remember(location, of: key, in: database) }
        return location
    }

    /// The number of the collection at `path`, or nil when it never held a document.
    ///
    /// Readers pass `remember: true` (they only see committed data); the writer looks up with
    /// `pending` and never caches what its uncommitted transaction shows.
    func collectionNumber(
        db: UInt32, path: ResourcePath, in txn: ReadTransaction, remember: Bool = true
    ) throws -> UInt64? {
        let ref = CollectionRef(db: db, path: path)
        if let known = collections.withLock({ $0[ref] }) { return known }
        guard let number = try storedCollectionNumber(db: db, path: path, in: txn) else { return nil }
        if remember { collections.withLock { $0[ref] = number } }
        return number
    }

    /// Looks up a collection number in the table, checking the stored path (hash collisions are refused).
    private func storedCollectionNumber(db: UInt32, path: ResourcePath, in txn: ReadTransaction) throws -> UInt64? {
        try txn.withValue(forKey: StorageKeys.collection(db: db, path: path), in: tables.collections) {
            raw throws(FirestoreError) -> UInt64 in
            guard let number = raw.bigEndianUInt64(at: 0) else { throw corrupt("collection number") }
            let storedPath = String(decoding: UnsafeRawBufferPointer(rebasing: raw[8...]), as: UTF8.self)
            guard storedPath.utf8.elementsEqual(path.canonicalString.utf8) else {
                throw FirestoreError(
                    .internal, "Collection path hash collision between '\(storedPath)' and '\(path.canonicalString)'.")
            }
            return number
        }
    }

    /// The number of `database`, assigning one inside the writer's transaction when new.
    func assignDatabase(
        _ database: DatabaseID, in txn: WriteTransaction, pending: inout Pending
    ) throws -> UInt32 {
        if let known = pending.databases[database] { return known }
        if let known = try databaseNumber(database, in: txn, remember: false) { return known }
        let next = try readCounter(MetaKey.nextDatabase, in: txn, default: 1)
        var value = [UInt8]()
        value.appendBigEndian(UInt32(truncatingIfNeeded: next))
        try txn.put(value, forKey: StorageKeys.database(database), in: tables.databases)
        try writeCounter(MetaKey.nextDatabase, next + 1, in: txn)
        pending.databases[database] = UInt32(truncatingIfNeeded: next)
        return UInt32(truncatingIfNeeded: next)
    }

    /// The number of the collection at `path`, assigning one (and its `children` entry) when new.
    func assignCollection(
        db: UInt32, path: ResourcePath, in txn: WriteTransaction, pending: inout Pending
    ) throws -> UInt64 {
        let ref = CollectionRef(db: db, path: path)
        if let known = pending.collections[ref] { return known }
        if let known = try collectionNumber(db: db, path: path, in: txn, remember: false) { return known }
        let number = try readCounter(MetaKey.nextCollection, in: txn, default: 1)
        try writeCounter(MetaKey.nextCollection, number + 1, in: txn)
        let pathBytes = Array(path.canonicalString.utf8)
        var value = [UInt8]()
        value.appendBigEndian(number)
        try txn.put(value + pathBytes, forKey: StorageKeys.collection(db: db, path: path), in: tables.collections)
        var pathValue = [UInt8]()
        pathValue.appendBigEndian(db)
        try txn.put(pathValue + pathBytes, forKey: StorageKeys.collectionPath(number), in: tables.collectionPaths)
        let parent = path.parent ?? .root
        let id = path.lastSegment ?? ""
        try txn.put(value + Array(id.utf8), forKey: StorageKeys.child(db: db, parent: parent, id: id), in: tables.children)
        pending.collections[ref] = number
        return number
    }

    /// The database number and path of collection `number`, or nil when unknown.
    func collectionPath(_ number: UInt64, in txn: ReadTransaction) throws -> (db: UInt32, path: ResourcePath)? {
        guard let raw = try txn.get(StorageKeys.collectionPath(number), in: tables.collectionPaths) else { return nil }
        guard raw.count >= 4 else { throw corrupt("collection path") }
        let db = raw[0..<4].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        let segments = String(decoding: raw[4...], as: UTF8.self)
            .split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return (db, ResourcePath(uncheckedSegments: segments))
    }

    /// Reads a u64 counter from `meta`.
    func readCounter(_ key: [UInt8], in txn: ReadTransaction, default fallback: UInt64) throws -> UInt64 {
        guard let bytes = try txn.get(key, in: tables.meta) else { return fallback }
        return try bytes.withUnsafeBytes { raw throws(FirestoreError) -> UInt64 in
            guard let n = raw.bigEndianUInt64(at: 0) else { throw corrupt("counter") }
            return n
        }
    }

    /// Writes a u64 counter to `meta`.
    func writeCounter(_ key: [UInt8], _ value: UInt64, in txn: WriteTransaction) throws {
        var bytes = [UInt8]()
        bytes.appendBigEndian(value)
        try txn.put(bytes, forKey: key, in: tables.meta)
    }

    private func corrupt(_ what: String) -> FirestoreError {
        FirestoreError(.dataLoss, "Corrupt stored \(what).")
    }
}
