/// A query listener's result window as a value: its documents in query order (in chunks, see
/// `OrderedDocuments`) and each member's state by key. `applying(_:target:)` is the pure step from one view and a commit's changed
/// documents to the next view and the document changes that lead there; the watcher only stores
/// the result and reports it (compute, then apply — as the SDKs split their view code).
///
/// For unlimited, unprojected queries only: a limited window may need documents from outside it
/// (a refill), which takes a read, so those listeners rerun the query and use `ViewChanges`.
struct QueryView: Sendable, Equatable {
    /// The results, in query order.
    private(set) var ordered: OrderedDocuments
    /// The results by key (the state each had when it entered or last changed).
    private var members: [DocumentKey: Document]

    /// A view holding `documents` (already in query order).
    init(_ documents: [Document] = []) {
        ordered = OrderedDocuments(sorted: documents)
        members = Dictionary(documents.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The results as one array, in query order (O(n)).
    var documents: [Document] { ordered.elements }

    /// Two views are equal when they hold the same documents in the same order.
    static func == (lhs: QueryView, rhs: QueryView) -> Bool { lhs.documents == rhs.documents }

    /// The view after `changes` (a commit's changed documents that the query covers) and the
    /// document changes, in the SDKs' order: removals first, then additions and modifications in
    /// query order, each with the index it had and the index it gets in the list as it stands.
    /// O(k log n) comparisons; consuming `self` lets the chunks be updated in place.
    consuming func applying(
        _ changes: [ChangeSet.Change], target: QueryTarget
    ) -> (view: QueryView, changes: [DocumentChangeEvent]) {
        var events: [DocumentChangeEvent] = []
        var entering: [Document] = []
        for change in changes {
            let member = members[change.key]
            let after = change.after.flatMap { target.matches($0) && target.isWithinBounds($0) ? $0 : nil }
            if let member, after == nil {
                let index = ordered.remove(member, compare: target.compare) ?? -1
                members[change.key] = nil
                events.append(DocumentChangeEvent(kind: .removed, document: member, oldIndex: index, newIndex: -1))
            } else if let after, after != member {
                entering.append(after)
            }
        }
        entering.sort { target.compare($0, $1) < 0 }
        for document in entering {
            var oldIndex = -1
            if let member = members[document.key] {
                oldIndex = ordered.remove(member, compare: target.compare) ?? -1
            }
            let newIndex = ordered.insert(document, compare: target.compare)
            members[document.key] = document
            events.append(DocumentChangeEvent(
                kind: oldIndex < 0 ? .added : .modified, document: document, oldIndex: oldIndex, newIndex: newIndex))
        }
        return (self, events)
    }
}
