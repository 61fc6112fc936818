/// Committed database and collection numbers, found from a document's key without building its
/// collection's path: the lookup of every point get.
///
/// The catalog's own caches are keyed by `DatabaseID` and `ResourcePath`, whose hashes run SipHash
/// over every byte and whose collection path is a new array per lookup. This table hashes the
/// bytes in place (FNV-1a: cheap, and nothing here is keyed by untrusted input an attacker could
/// aim collisions at beyond their own local emulator) and confirms a hit by comparing the bytes.
/// Like the catalog, it holds only committed mappings, which are never reassigned.
struct CollectionLocator {
    /// The numbers under which a document's collection is stored.
    struct Location: Equatable {
        /// The database number.
        var db: UInt32
        /// The collection number.
        var collection: UInt64
    }

    /// One remembered collection.
    private struct Entry {
        /// The database the collection belongs to.
        var database: DatabaseID
        /// The collection path's segments.
        var segments: [String]
        /// Where it is stored.
        var location: Location
    }

    /// Entries by hash; a hash shared by several collections keeps all of them.
    private var entries: [UInt64: [Entry]] = [:]

    /// The number of remembered collections.
    private(set) var count = 0

    /// Creates an empty table.
    init() {}

    /// Where the collection holding `key` in `database` is stored, if remembered.
    func location(of key: DocumentKey, in database: DatabaseID) -> Location? {
        let segments = key.path.segments
        let depth = segments.count - 1
        guard depth > 0, let candidates = entries[Self.hash(database, segments, depth: depth)] else { return nil }
        for entry in candidates where Self.matches(entry, database, segments, depth: depth) {
            return entry.location
        }
        return nil
    }

    /// Remembers that the collection holding `key` in `database` is stored at `location`.
    mutating func remember(_ location: Location, of key: DocumentKey, in database: DatabaseID) {
        let segments = key.path.segments
        let depth = segments.count - 1
        guard depth > 0 else { return }
        let hash = Self.hash(database, segments, depth: depth)
        if let known = entries[hash], known.contains(where: { Self.matches($0, database, segments, depth: depth) }) {
            return
        }
        entries[hash, default: []].append(Entry(database: database, segments: Array(segments[..<depth]), location: location))
        count += 1
    }

    /// True when `entry` is the collection of the first `depth` segments in `database`, byte for byte.
    private static func matches(_ entry: Entry, _ database: DatabaseID, _ segments: [String], depth: Int) -> Bool {
        guard entry.segments.count == depth,
              String.equalUTF8(entry.database.project, database.project),
              String.equalUTF8(entry.database.database, database.database)
        else { return false }
        for index in 0..<depth where !String.equalUTF8(entry.segments[index], segments[index]) { return false }
        return true
    }

    /// FNV-1a over the database's two ids and the first `depth` segments, each followed by 0xFF
    /// (a byte UTF-8 never uses, so the pieces cannot run into each other).
    static func hash(_ database: DatabaseID, _ segments: [String], depth: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        feed(database.project, into: &hash)
        feed(database.database, into: &hash)
        for index in 0..<depth { feed(segments[index], into: &hash) }
        return hash
    }

    /// Adds `string`'s UTF-8 bytes and the 0xFF separator to `hash`.
    private static func feed(_ string: String, into hash: inout UInt64) {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var value = hash
        let fed: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { value = (value ^ UInt64(byte)) &* prime }
        }
        if fed == nil {
            for byte in string.utf8 { value = (value ^ UInt64(byte)) &* prime }
        }
        hash = (value ^ 0xFF) &* prime
    }
}
