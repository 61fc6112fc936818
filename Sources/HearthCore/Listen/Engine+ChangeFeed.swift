import Dispatch

/// Where a change feed looks: everything, one collection's direct documents, or one document.
package enum ChangeFeedScope: Sendable, Equatable {
    /// Every change of every database.
    case everything
    /// The documents directly in one collection of one database.
    case collection(DatabaseID, ResourcePath)
    /// One document of one database.
    case document(DatabaseID, DocumentKey)
}

/// A raw feed of committed changes, without query re-evaluation: what the console's live view and
/// usage counters need. Its callback runs on its own serial queue, in commit order, so a slow
/// consumer never holds the writer.
final class ChangeFeedSubscriber: ChangeSubscriber, Sendable {
    /// Where the callback runs, one change set at a time.
    let queue: DispatchQueue
    private let scope: ChangeFeedScope
    private let onChanges: @Sendable (DatabaseID, [ChangeSet.Change], Int64) -> Void

    init(scope: ChangeFeedScope, onChanges: @escaping @Sendable (DatabaseID, [ChangeSet.Change], Int64) -> Void) {
        self.queue = DispatchQueue(label: "hearth.change-feed")
        self.scope = scope
        self.onChanges = onChanges
    }

    func enqueue(_ changeSet: ChangeSet) {
        let scope = self.scope
        let relevant: [ChangeSet.Change]
        switch scope {
        case .everything:
            relevant = changeSet.changes
        case .collection(let database, let path):
            guard database == changeSet.database else { return }
            relevant = changeSet.changes.filter { $0.key.collectionPath == path }
        case .document(let database, let key):
            guard database == changeSet.database else { return }
            relevant = changeSet.changes.filter { $0.key == key }
        }
        guard !relevant.isEmpty else { return }
        let onChanges = self.onChanges
        queue.async { onChanges(changeSet.database, relevant, changeSet.version) }
    }
}

extension Engine {
    /// Follows committed changes in `scope` (admin only; no initial snapshot, no query rerun):
    /// `onChanges` gets each commit's changes in the scope, in commit order, on a private queue.
    package func followChanges(
        _ scope: ChangeFeedScope, onChanges: @escaping @Sendable (DatabaseID, [ChangeSet.Change], Int64) -> Void
    ) -> ListenHandle {
        let subscriber = ChangeFeedSubscriber(scope: scope, onChanges: onChanges)
        let region: WatchRegion = switch scope {
        case .everything: .everything
        case .collection(let database, let path): .collection(database, path)
        case .document(let database, let key): .document(database, key)
        }
        hub.register(subscriber, for: region)
        return ListenHandle(queue: subscriber.queue) { [weak self] in self?.hub.unregister(subscriber, for: region) }
    }
}
