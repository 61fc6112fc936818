import FirestoreWire
import Foundation
import HearthCore
import Synchronization

/// Reads, writes and deletes per database and per collection since start (or the last reset),
/// as Firestore's billing counts them: a read per document returned (at least one per query) or
/// delivered to a listener,
/// a write per document set, a delete per document removed.
final class UsageCounters: Sendable {
    /// One row of counts.
    struct Counts: Sendable, Encodable, Equatable {
        var reads = 0
        var writes = 0
        var deletes = 0
    }

    /// One database's counts, with its collections' (by collection path).
    struct DatabaseUsage: Sendable, Encodable {
        var database: String
        var total: Counts
        var collections: [String: Counts]
    }

    private struct State {
        var byDatabase: [String: Counts] = [:]
        var byCollection: [String: [String: Counts]] = [:]
        var since = Date()
    }

    private let state = Mutex(State())

    /// Creates empty counters.
    init() {}

    /// Counts `count` reads of documents in `collection` of `database`.
    func read(_ count: Int, database: DatabaseID, collection: String) {
        add(database: database, collection: collection) { $0.reads += count }
    }

    /// Counts the documents returned by a read (one read each); nothing for an empty list.
    func read(keys: [DocumentKey], database: DatabaseID) {
        for key in keys { read(1, database: database, collection: key.collectionPath.canonicalString) }
    }

    /// Counts a query's reads: one per document returned, one when none is (Firestore's minimum).
    func queried(_ keys: [DocumentKey], database: DatabaseID, collection: ResourcePath) {
        if keys.isEmpty { read(1, database: database, collection: collection.canonicalString) } else { read(keys: keys, database: database) }
    }

    /// Counts what a Listen stream delivers, as Firestore bills listeners: a read per document
    /// sent to a target, in the initial snapshot and with each change (one per target it is sent
    /// to); a document leaving a target or deleted is no read.
    func listened(_ response: Google_Firestore_V1_ListenResponse) {
        listened(CollectionOfOne(response))
    }

    /// Counts a run of Listen responses as `listened(_:)` does each one. Consecutive documents of
    /// one collection (a snapshot's usual shape) share one name parse and one count.
    func listened(_ responses: some Sequence<Google_Firestore_V1_ListenResponse>) {
        var parent: Substring = ""
        var place: (database: DatabaseID, collection: String)?
        var reads = 0
        func count() {
            if let place, reads > 0 { read(reads, database: place.database, collection: place.collection) }
            reads = 0
        }
        for response in responses {
            guard case .documentChange(let change)? = response.responseType, !change.targetIds.isEmpty else { continue }
            let name = change.document.name
            guard let slash = name.lastIndex(of: "/") else { continue }
            if place == nil || name[..<slash] != parent {
                count()
                guard let (database, key) = try? ResourceName.document(name) else {
                    place = nil
                    continue
                }
                parent = name[..<slash]
                place = (database, key.collectionPath.canonicalString)
            }
            reads += change.targetIds.count
        }
        count()
    }

    /// Counts one commit's changes: a write per document set, a delete per document removed.
    /// A run of changes in one collection (a batch's usual shape) is counted at once.
    func commit(_ changes: [ChangeSet.Change], database: DatabaseID) {
        var start = changes.startIndex
        while start < changes.endIndex {
            let collection = changes[start].key.path.segments.dropLast()
            var end = start + 1
            while end < changes.endIndex && changes[end].key.path.segments.dropLast() == collection { end += 1 }
            let deletes = changes[start..<end].count { $0.after == nil }
            let writes = end - start - deletes
            add(database: database, collection: changes[start].key.collectionPath.canonicalString) {
                $0.writes += writes
                $0.deletes += deletes
            }
            start = end
        }
    }

    /// Every database's counts, in name order, and when counting began.
    func snapshot() -> (since: Date, databases: [DatabaseUsage]) {
        state.withLock { state in
            let rows = state.byDatabase.keys.sorted().map { name in
                DatabaseUsage(database: name, total: state.byDatabase[name] ?? Counts(), collections: state.byCollection[name] ?? [:])
            }
            return (state.since, rows)
        }
    }

    /// Forgets every count; counting starts again now.
    func reset() {
        state.withLock { $0 = State() }
    }

    private func add(database: DatabaseID, collection: String, _ change: (inout Counts) -> Void) {
        let name = "projects/\(database.project)/databases/\(database.database)"
        state.withLock { state in
            change(&state.byDatabase[name, default: Counts()])
            change(&state.byCollection[name, default: [:]][collection, default: Counts()])
        }
    }
}
