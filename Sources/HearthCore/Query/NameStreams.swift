internal import LMDB

/// A document named by an index entry: its collection number and id.
struct IndexedDocument: Hashable {
    /// The collection number.
    var collection: UInt64
    /// The document id.
    var id: String
}

/// Thrown when a plan meets something it cannot order exactly (a cut entry); the query then
/// runs on the bounded in-memory fallback instead.
struct IndexPlanAbandoned: Error {}

/// A stream of documents in document-name order (ascending, or descending when reversed),
/// positioned on its current document; the parts of merge joins.
protocol NameOrderedStream: AnyObject {
    /// The current document's name bytes, or nil when exhausted.
    var currentName: [UInt8]? { get }
    /// The current document.
    var currentDocument: IndexedDocument? { get }
    /// Moves to the first document whose name is at or after `name` in stream order.
    func seek(toward name: [UInt8]) throws
    /// Moves past the current document.
    func advance() throws
    /// How many index entries the stream has read.
    var entriesRead: Int { get }
}

/// One run of index entries sharing a prefix (a field and one value), whose rest is the name.
final class IndexRun: NameOrderedStream {
    private let cursor: Cursor
    private let prefix: [UInt8]
    private let reverse: Bool
    private(set) var currentName: [UInt8]?
    private(set) var currentDocument: IndexedDocument?
    private(set) var entriesRead = 0

    /// Prepares the run of entries starting with `prefix` on `cursor`; `start()` positions it.
    init(cursor: Cursor, prefix: [UInt8], reverse: Bool) {
        self.cursor = cursor
        self.prefix = prefix
        self.reverse = reverse
    }

    /// Positions the run on its first entry.
    func start() throws {
        try position(reverse ? try seekLast(before: StorageKeys.successor(ofPrefix: prefix)) : cursor.seek(atOrAfter: prefix))
    }

    func seek(toward name: [UInt8]) throws {
        guard let current = currentName, Self.precedes(current, name, reverse: reverse) else { return }
        if reverse {
            try position(seekLast(before: StorageKeys.successor(ofPrefix: prefix + name)))
        } else {
            try position(cursor.seek(atOrAfter: prefix + name))
        }
    }

    func advance() throws {
        guard currentName != nil else { return }
        try position(reverse ? cursor.previous() : cursor.next())
    }

    /// Whether `a` comes before `b` in a stream of this direction.
    static func precedes(_ a: [UInt8], _ b: [UInt8], reverse: Bool) -> Bool {
        reverse ? b.lexicographicallyPrecedes(a) : a.lexicographicallyPrecedes(b)
    }

    /// Moves to the last entry before `bound` (the last entry when nil); false when none.
    private func seekLast(before bound: [UInt8]?) throws -> Bool {
        if let bound, try cursor.seek(atOrAfter: bound) { return try cursor.previous() }
        return try cursor.last()
    }

    /// Reads the entry the cursor stands on, or ends the run when it left the prefix.
    private func position(_ onEntry: Bool) throws {
        currentName = nil
        currentDocument = nil
        guard onEntry else { return }
        let name: [UInt8]? = try cursor.withKey { key in
            guard key.count >= prefix.count, key.prefix(prefix.count).elementsEqual(prefix) else { return nil }
            return Array(key[prefix.count...])
        }
        guard let name else { return }
        entriesRead += 1
        let document = try cursor.withValue { IndexKeys.decodeData($0) }
        guard let document else { throw FirestoreError(.dataLoss, "An index entry is damaged.") }
        if document.flags & IndexKeys.cutFlag != 0 { throw IndexPlanAbandoned() }
        currentName = name
        currentDocument = IndexedDocument(collection: document.collection, id: document.id)
    }
}

/// The documents in any of several streams (an `in` or `array-contains-any` filter, or an OR).
final class UnionStream: NameOrderedStream {
    private let parts: [any NameOrderedStream]
    private let reverse: Bool
    private(set) var currentName: [UInt8]?
    private(set) var currentDocument: IndexedDocument?

    /// Merges `parts`, positioned on the first document of any.
    init(_ parts: [any NameOrderedStream], reverse: Bool) {
        self.parts = parts
        self.reverse = reverse
        settle()
    }

    var entriesRead: Int { parts.reduce(0) { $0 + $1.entriesRead } }

    func seek(toward name: [UInt8]) throws {
        for part in parts { try part.seek(toward: name) }
        settle()
    }

    func advance() throws {
        guard let current = currentName else { return }
        for part in parts where part.currentName == current { try part.advance() }
        settle()
    }

    /// Takes the first current document of any part.
    private func settle() {
        var best: (any NameOrderedStream)?
        for part in parts {
            guard let name = part.currentName else { continue }
            if let chosen = best?.currentName, !IndexRun.precedes(name, chosen, reverse: reverse) { continue }
            best = part
        }
        currentName = best?.currentName
        currentDocument = best?.currentDocument
    }
}

/// The documents in every one of several streams: a leapfrog merge join.
final class IntersectionStream: NameOrderedStream {
    private let parts: [any NameOrderedStream]
    private let reverse: Bool
    private(set) var currentName: [UInt8]?
    private(set) var currentDocument: IndexedDocument?

    /// Joins `parts` (at least one), positioned on the first document all of them hold.
    init(_ parts: [any NameOrderedStream], reverse: Bool) throws {
        self.parts = parts
        self.reverse = reverse
        try settle()
    }

    var entriesRead: Int { parts.reduce(0) { $0 + $1.entriesRead } }

    func seek(toward name: [UInt8]) throws {
        for part in parts { try part.seek(toward: name) }
        try settle()
    }

    func advance() throws {
        guard currentName != nil, let first = parts.first else { return }
        try first.advance()
        try settle()
    }

    /// Seeks every part to the furthest current name until all agree or one runs out.
    private func settle() throws {
        currentName = nil
        currentDocument = nil
        while true {
            var furthest: [UInt8]?
            for part in parts {
                guard let name = part.currentName else { return }
                if let known = furthest, !IndexRun.precedes(known, name, reverse: reverse) { continue }
                furthest = name
            }
            guard let target = furthest else { return }
            var agreed = true
            for part in parts {
                try part.seek(toward: target)
                guard let name = part.currentName else { return }
                if name != target { agreed = false }
            }
            if agreed {
                currentName = target
                currentDocument = parts.first?.currentDocument
                return
            }
        }
    }
}
