import Synchronization

/// Receives the change sets that may concern it; must return quickly (it is called on the writer
/// thread) — listeners hand the work to their own serial queue.
protocol ChangeSubscriber: AnyObject, Sendable {
    /// A committed change set touching this subscriber's region, in commit order.
    func enqueue(_ changeSet: ChangeSet)
    /// Called once every subscriber of a change set has it queued (after `enqueue`).
    func settle(_ version: Int64)
}

extension ChangeSubscriber {
    /// Nothing to do by default.
    func settle(_ version: Int64) {}
}

/// Where a listener looks: one document, one collection, or collection groups.
enum WatchRegion: Hashable, Sendable {
    /// One document.
    case document(DatabaseID, DocumentKey)
    /// The documents directly in one collection.
    case collection(DatabaseID, ResourcePath)
    /// Every collection with this id (any id when nil) under a parent.
    case collectionGroup(DatabaseID, collectionID: String?)
    /// Every change of every database (the console's usage counters).
    case everything
}

/// Routes each committed change set to the listeners it may affect, found through maps keyed by
/// document, collection and collection id — never by visiting every listener, so a commit's cost
/// does not grow with unrelated listeners.
final class WatchHub: Sendable {
    private struct Routes {
        var byRegion: [WatchRegion: [ObjectIdentifier: any ChangeSubscriber]] = [:]
    }

    /// The routing maps; guarded by the mutex.
    private let routes = Mutex(Routes())

    /// Creates an empty hub.
    init() {}

    /// Starts routing changes in `region` to `subscriber`.
    func register(_ subscriber: any ChangeSubscriber, for region: WatchRegion) {
        routes.withLock { $0.byRegion[region, default: [:]][ObjectIdentifier(subscriber)] = subscriber }
    }

    /// Stops routing to `subscriber`.
    func unregister(_ subscriber: any ChangeSubscriber, for region: WatchRegion) {
        routes.withLock { routes in
            routes.byRegion[region]?[ObjectIdentifier(subscriber)] = nil
            if routes.byRegion[region]?.isEmpty == true { routes.byRegion[region] = nil }
        }
    }

    /// Delivers change sets (writer thread, commit order): each subscriber gets each change set
    /// that touches its region once.
    func publish(_ changeSets: [ChangeSet]) {
        for changeSet in changeSets {
            let targets: [any ChangeSubscriber] = routes.withLock { routes in
                guard !routes.byRegion.isEmpty else { return [] }
                var found: [ObjectIdentifier: any ChangeSubscriber] = [:]
                for change in changeSet.changes {
                    let db = changeSet.database
                    let collection = change.key.collectionPath
                    for region in [
                        WatchRegion.document(db, change.key), .collection(db, collection),
                        .collectionGroup(db, collectionID: change.key.collectionID), .collectionGroup(db, collectionID: nil),
                    ] {
                        if let subscribers = routes.byRegion[region] { found.merge(subscribers) { a, _ in a } }
                    }
                }
                if let subscribers = routes.byRegion[.everything] { found.merge(subscribers) { a, _ in a } }
                return Array(found.values)
            }
            for subscriber in targets { subscriber.enqueue(changeSet) }
            // Only after every subscriber has the change set queued: a lane's settle block runs
            // after all of its listeners have handled it.
            for subscriber in targets { subscriber.settle(changeSet.version) }
        }
    }
}
