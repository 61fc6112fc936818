/// One change of a query's result window between two snapshots.
public struct DocumentChangeEvent: Sendable, Equatable {
    /// What happened to the document.
    public enum Kind: Sendable, Equatable {
        /// It entered the results.
        case added
        /// It stayed, with new contents or at a new position.
        case modified
        /// It left the results.
        case removed
    }

    /// What happened.
    public let kind: Kind
    /// The document (its new state, or its last state when removed).
    public let document: Document
    /// Its index before this change, once every earlier change of the list is applied; -1 when added.
    public let oldIndex: Int
    /// Its index after this change; -1 when removed.
    public let newIndex: Int
}

/// A query listener's snapshot: the whole ordered result and what changed since the previous one.
public struct QuerySnapshotEvent: Sendable {
    /// The results, in query order.
    public let documents: [Document]
    /// The changes since the previous snapshot (every document as `added` in the first one).
    public let changes: [DocumentChangeEvent]
    /// The commit version the snapshot reflects.
    public let version: Int64
}

/// The pure diff between two result windows (no storage involved).
package enum ViewChanges {
    /// Changes that, applied one after another to `old`, give `new`; both are sorted by `compare`.
    ///
    /// As the SDKs define them: removals first (in old order), then each added or changed
    /// document in new order — a change is a removal at `oldIndex` and an insertion at its sorted
    /// position `newIndex` in the list as it stands. Documents whose contents did not change get
    /// no change, even when others move around them.
    package static func between(
        _ old: [Document], _ new: [Document], compare: (Document, Document) -> Int
    ) -> [DocumentChangeEvent] {
        var newByKey: [DocumentKey: Document] = [:]
        for document in new { newByKey[document.key] = document }
        let oldKeys = Set(old.map(\.key))
        var list = old
        var changes: [DocumentChangeEvent] = []
        var index = 0
        while index < list.count {
            if newByKey[list[index].key] != nil {
                index += 1
            } else {
                changes.append(DocumentChangeEvent(kind: .removed, document: list[index], oldIndex: index, newIndex: -1))
                list.remove(at: index)
            }
        }
        for document in new {
            var oldIndex = -1
            if oldKeys.contains(document.key) {
                guard let current = list.firstIndex(where: { $0.key == document.key }), list[current] != document else { continue }
                oldIndex = current
                list.remove(at: current)
            }
            let position = list.firstIndex { compare(document, $0) < 0 } ?? list.count
            list.insert(document, at: position)
            changes.append(DocumentChangeEvent(
                kind: oldIndex < 0 ? .added : .modified, document: document, oldIndex: oldIndex, newIndex: position))
        }
        return changes
    }
}
