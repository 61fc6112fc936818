/// One change of a query's result window between two snapshots.
package struct DocumentChangeEvent: Sendable, Equatable {
    /// What happened to the document.
    package enum Kind: Sendable, Equatable {
        /// It entered the results.
        case added
        /// It stayed, with new contents or at a new position.
        case modified
        /// It left the results.
        case removed
    }

    /// What happened.
    package let kind: Kind
    /// The document (its new state, or its last state when removed).
    package let document: Document
    /// Its index before this change, once every earlier change of the list is applied; -1 when added.
    package let oldIndex: Int
    /// Its index after this change; -1 when removed.
    package let newIndex: Int
}

/// A query listener's snapshot: the whole ordered result and what changed since the previous one.
package struct QuerySnapshotEvent: Sendable {
    /// The results, in query order (gathered from the listener's window on each access: O(n)).
    package var documents: [Document] { window.elements }
    /// How many results there are (O(1)).
    package var documentCount: Int { window.count }
    /// The changes since the previous snapshot (every document as `added` in the first one).
    package let changes: [DocumentChangeEvent]
    /// The commit version the snapshot reflects.
    package let version: Int64
    /// The listener's window as of this snapshot (shared with it until the next change).
    let window: OrderedDocuments
}

/// The pure diff between two result windows (no storage involved).
package enum ViewChanges {
    /// Changes that, applied one after another to `old`, give `new`; both are sorted by `compare`.
    ///
    /// As the SDKs define them: removals first (in old order), then each added or changed
    /// document in new order — a change is a removal at `oldIndex` and an insertion at its sorted
    /// position `newIndex` in the list as it stands. Documents whose contents did not change get
    /// no change, even when others move around them.
    /// O((n + m) log n) comparisons: the list as it stands is kept in chunks (`OrderedDocuments`).
    package static func between(
        _ old: [Document], _ new: [Document], compare: (Document, Document) -> Int
    ) -> [DocumentChangeEvent] {
        // A first snapshot: every document enters at its own index.
        if old.isEmpty {
            return new.enumerated().map { DocumentChangeEvent(kind: .added, document: $1, oldIndex: -1, newIndex: $0) }
        }
        var newKeys = Set<DocumentKey>(minimumCapacity: new.count)
        for document in new { newKeys.insert(document.key) }
        var changes: [DocumentChangeEvent] = []
        var kept: [Document] = []
        kept.reserveCapacity(min(old.count, new.count))
        for document in old {
            if newKeys.contains(document.key) {
                kept.append(document)
            } else {
                // Each removal's index counts only the documents kept before it.
                changes.append(DocumentChangeEvent(kind: .removed, document: document, oldIndex: kept.count, newIndex: -1))
            }
        }
        var keptByKey: [DocumentKey: Document] = [:]
        keptByKey.reserveCapacity(kept.count)
        for document in kept { keptByKey[document.key] = document }
        var list = OrderedDocuments(sorted: kept)
        for document in new {
            var oldIndex = -1
            if let current = keptByKey[document.key] {
                guard current != document else { continue }
                oldIndex = list.remove(current, compare: compare) ?? -1
            }
            let position = list.insert(document, compare: compare)
            changes.append(DocumentChangeEvent(
                kind: oldIndex < 0 ? .added : .modified, document: document, oldIndex: oldIndex, newIndex: position))
        }
        return changes
    }
}
