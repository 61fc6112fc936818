/// Documents whose index entries are behind their records: bulk commits store documents and the
/// commit log at once and leave the index work for one later, larger transaction (see
/// `specs/storage.md`, "Deferred index work").
///
/// For each document it keeps what the index holds for it now (the contents as of the last index
/// update) and its latest contents; the entries to write are worked out from both when the
/// backlog is applied. A document changed many times is re-indexed once.
struct IndexBacklog: Sendable {
    /// One document the index is behind on.
    struct Item: Sendable {
        /// The database number.
        let db: UInt32
        /// The collection number of the document's collection.
        let collection: UInt64
        /// The document.
        let key: DocumentKey
        /// The fields the index holds entries for (nil: none — the document was absent).
        let indexed: [String: Value]?
        /// The document's fields now (nil: absent); `.unknown` when recovered after a crash (the
        /// stored record says). Set through `moveOn(to:)`, which keeps the estimate right.
        private(set) var latest: Latest
        /// Roughly how much memory the contents this item keeps take (worked out once: items
        /// move from a commit's backlog to its group's and to the writer's).
        private(set) var estimatedBytes: Int

        /// An item; its memory estimate is worked out here.
        init(db: UInt32, collection: UInt64, key: DocumentKey, indexed: [String: Value]?, latest: Latest) {
            self.db = db
            self.collection = collection
            self.key = key
            self.indexed = indexed
            self.latest = latest
            estimatedBytes = 160 + (indexed.map(IndexBacklog.estimatedBytes) ?? 0) + Self.estimatedBytes(of: latest)
        }

        /// Takes `later`'s latest contents (what the index holds stays this item's).
        mutating func moveOn(to later: Item) {
            estimatedBytes += Self.estimatedBytes(of: later.latest) - Self.estimatedBytes(of: latest)
            latest = later.latest
        }

        /// Takes the stored record's contents for a recovered item.
        mutating func resolve(_ fields: [String: Value]?) {
            latest = .known(fields)
        }

        private static func estimatedBytes(of latest: Latest) -> Int {
            if case .known(let fields?) = latest { IndexBacklog.estimatedBytes(fields) } else { 0 }
        }

        /// Roughly how many index writes applying this item takes (to size batches of work).
        var estimatedIndexWrites: Int {
            var count = 1
            if let indexed { count += IndexBacklog.fieldCount(indexed) }
            if case .known(let fields?) = latest { count += IndexBacklog.fieldCount(fields) }
            return count
        }
    }

    /// Field paths and array elements in `fields`, nested maps included.
    static func fieldCount(_ fields: [String: Value]) -> Int {
        var count = fields.count
        for value in fields.values {
            switch value {
            case .map(let nested): count += fieldCount(nested)
            case .array(let elements): count += elements.count
            default: break
            }
        }
        return count
    }

    /// Roughly the memory `fields` take: a dictionary slot per field, and the heap storage of
    /// strings and bytes too long to live inline (an estimate to bound the backlog, not a count).
    static func estimatedBytes(_ fields: [String: Value]) -> Int {
        var bytes = 64
        for (name, value) in fields { bytes += 80 + heapBytes(name.utf8.count) + estimatedBytes(value) }
        return bytes
    }

    private static func estimatedBytes(_ value: Value) -> Int {
        switch value {
        case .string(let string): heapBytes(string.utf8.count)
        case .bytes(let bytes): heapBytes(bytes.count)
        case .map(let nested): estimatedBytes(nested)
        case .array(let elements): 32 + elements.reduce(0) { $0 + 48 + estimatedBytes($1) }
        case .reference(let reference): 64 + reference.key.path.canonicalString.utf8.count
        default: 0
        }
    }

    /// Heap bytes of a string or array of `count` bytes (short strings are stored inline).
    private static func heapBytes(_ count: Int) -> Int { count > 15 ? 32 + count : 0 }

    /// A pending document's latest contents, when known.
    enum Latest: Sendable {
        /// These fields (nil: the document is absent).
        case known([String: Value]?)
        /// Read the stored record.
        case unknown
    }

    /// A document of one database.
    private struct Slot: Hashable {
        let db: UInt32
        let key: DocumentKey
    }

    private var items: [Slot: Item] = [:]
    /// The estimated memory of the contents the items keep (`Item.estimatedBytes`).
    private(set) var heldBytes = 0
    /// The version of the first commit whose index work is pending (nil when empty).
    package private(set) var firstVersion: Int64?

    /// False for a backlog that keeps only `firstVersion`: a load whose whole index is built at
    /// its end (`IndexBulkBuild`) needs no list of what is pending.
    private var keepsItems = true

    /// An empty backlog.
    init() {}

    /// An empty backlog that will record only the first version noted, no items.
    static func versionOnly() -> IndexBacklog {
        var backlog = IndexBacklog()
        backlog.keepsItems = false
        return backlog
    }

    /// True when the index is up to date.
    var isEmpty: Bool { items.isEmpty }

    /// How many documents the index is behind on.
    var count: Int { items.count }

    /// The pending documents by database, collection number and id: the order of their
    /// collection-scope index entries among entries of equal field and value, so that writes
    /// put in order of their keys' first bytes (`IndexWriteOrder`) come out in key order.
    var pending: [Item] {
        // Sorts positions against ids taken once (the items are large, and `documentID` is
        // computed: sorting the items themselves retained and released per comparison).
        let unsorted = Array(items.values)
        let ids = unsorted.map(\.key.documentID)
        let order = unsorted.indices.sorted { a, b in
            if unsorted[a].db != unsorted[b].db { return unsorted[a].db < unsorted[b].db }
            if unsorted[a].collection != unsorted[b].collection { return unsorted[a].collection < unsorted[b].collection }
            return UTF8KeyOrder.precedes(ids[a], ids[b])
        }
        return order.map { unsorted[$0] }
    }

    /// Notes that `change`, committed at `version`, has not reached the index. The first change
    /// of a document since the last index update says what the index holds; later ones only move
    /// the record on.
    mutating func record(_ change: CommitApplier.Change, db: UInt32, collection: UInt64, version: Int64) {
        guard keepsItems else {
            if firstVersion == nil { firstVersion = version }
            return
        }
        note(Item(db: db, collection: collection, key: change.key, indexed: change.before?.fields,
                  latest: .known(change.after?.fields)), version: version)
    }

    /// True when document `key` of database `db` is in the backlog.
    func contains(db: UInt32, key: DocumentKey) -> Bool { items[Slot(db: db, key: key)] != nil }

    /// Notes a document recovered from the commit log after a crash (`indexed`: what the index holds).
    mutating func recover(db: UInt32, collection: UInt64, key: DocumentKey, indexed: [String: Value]?, version: Int64) {
        note(Item(db: db, collection: collection, key: key, indexed: indexed, latest: .unknown), version: version)
    }

    /// Adds `later` (recorded after this backlog): its documents' latest contents win, what the
    /// index holds stays as recorded here. Into an empty backlog, `later` is taken whole.
    mutating func merge(_ later: IndexBacklog) {
        if items.isEmpty {
            let first = firstVersion ?? later.firstVersion
            self = later
            firstVersion = first
            return
        }
        items.reserveCapacity(items.count + later.items.count)
        for item in later.items.values { note(item, version: later.firstVersion) }
    }

    /// Adds `item`, or — when its document is already pending — takes only its latest contents.
    /// A new document costs one hash (the common case); a pending one, a second.
    private mutating func note(_ item: Item, version: Int64?) {
        let slot = Slot(db: item.db, key: item.key)
        if var existing = items.updateValue(item, forKey: slot) {
            heldBytes -= existing.estimatedBytes
            existing.moveOn(to: item)
            heldBytes += existing.estimatedBytes
            items[slot] = existing
        } else {
            heldBytes += item.estimatedBytes
        }
        if firstVersion == nil { firstVersion = version }
    }
}
