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
        /// How many single-document regions `byRegion` holds: without any, a change set's
        /// documents need no lookup of their own.
        var documentRegions = 0

        /// Every subscriber whose region one of `changeSet`'s changes falls in, each once. A run of
        /// changes in one collection (a batch's usual shape) looks its collection up once.
        func subscribers(for changeSet: ChangeSet) -> [any ChangeSubscriber] {
            guard !byRegion.isEmpty else { return [] }
            let db = changeSet.database
            var found: [ObjectIdentifier: any ChangeSubscriber] = [:]
            func add(_ region: WatchRegion) {
                if let subscribers = byRegion[region] { found.merge(subscribers) { a, _ in a } }
            }
            add(.everything)
            add(.collectionGroup(db, collectionID: nil))
            var lastCollection: ArraySlice<String>?
            for change in changeSet.changes {
                if documentRegions > 0 { add(.document(db, change.key)) }
                let collection = change.key.path.segments.dropLast()
                guard collection != lastCollection else { continue }
                lastCollection = collection
                add(.collection(db, ResourcePath(uncheckedSegments: Array(collection))))
                add(.collectionGroup(db, collectionID: change.key.collectionID))
            }
            return Array(found.values)
        }
    }

    /// The routing maps; guarded by the mutex.
    private let routes = Mutex(Routes())

    /// Creates an empty hub.
    init() {}

    /// Starts routing changes in `region` to `subscriber`.
    func register(_ subscriber: any ChangeSubscriber, for region: WatchRegion) {
        routes.withLock { routes in
            if case .document = region, routes.byRegion[region] == nil { routes.documentRegions += 1 }
            routes.byRegion[region, default: [:]][ObjectIdentifier(subscriber)] = subscriber
        }
    }

    /// Stops routing to `subscriber`.
    func unregister(_ subscriber: any ChangeSubscriber, for region: WatchRegion) {
        routes.withLock { routes in
            routes.byRegion[region]?[ObjectIdentifier(subscriber)] = nil
            if routes.byRegion[region]?.isEmpty == true {
                routes.byRegion[region] = nil
                if case .document = region { routes.documentRegions -= 1 }
            }
        }
    }

    /// Delivers change sets (writer thread, commit order): each subscriber gets each change set
    /// that touches its region once.
    func publish(_ changeSets: [ChangeSet]) {
        for changeSet in changeSets {
            let targets = routes.withLock { $0.subscribers(for: changeSet) }
            for subscriber in targets { subscriber.enqueue(changeSet) }
            // Only after every subscriber has the change set queued: a lane's settle block runs
            // after all of its listeners have handled it.
            for subscriber in targets { subscriber.settle(changeSet.version) }
        }
    }
}
