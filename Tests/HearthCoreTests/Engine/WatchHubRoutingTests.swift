import Synchronization
import Testing
@testable import HearthCore

/// `WatchHub` hands each change set to exactly the subscribers whose region it touches, once each,
/// whatever the mix of regions and however a change set's collections interleave.
@Suite("Watch hub routing")
struct WatchHubRoutingTests {
    /// Records the versions of the change sets it is given.
    final class Recorder: ChangeSubscriber {
        let versions = Mutex<[Int64]>([])
        func enqueue(_ changeSet: ChangeSet) { versions.withLock { $0.append(changeSet.version) } }
    }

    /// Whether a change set touches a region, said the plain way: some change falls in it.
    static func touches(_ changeSet: ChangeSet, _ region: WatchRegion) -> Bool {
        switch region {
        case .everything: return true
        case .document(let db, let key):
            return db == changeSet.database && changeSet.changes.contains { $0.key == key }
        case .collection(let db, let path):
            return db == changeSet.database && changeSet.changes.contains { $0.key.collectionPath == path }
        case .collectionGroup(let db, let id):
            return db == changeSet.database && changeSet.changes.contains { id == nil || $0.key.collectionID == id }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func eachSubscriberGetsExactlyTheChangeSetsTouchingItsRegion(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let databases = [try DatabaseID(project: "p"), try DatabaseID(project: "p", database: "other")]
        let keys = try [
            "rooms/a", "rooms/b", "rooms/c", "users/a", "users/b", "rooms/a/msgs/m1", "rooms/b/msgs/m2", "users/a/msgs/m3",
        ].map { try DocumentKey(validating: $0) }
        let paths = try ["rooms", "users", "rooms/a/msgs", "users/a/msgs", "empty"].map { try ResourcePath(validating: $0) }
        var regions: [WatchRegion] = [.everything]
        for db in databases {
            regions += keys.prefix(4).map { .document(db, $0) }
            regions += paths.map { .collection(db, $0) }
            regions += [.collectionGroup(db, collectionID: "msgs"), .collectionGroup(db, collectionID: "rooms"), .collectionGroup(db, collectionID: nil)]
        }
        let hub = WatchHub()
        // Some regions get two subscribers, and document regions come and go (their count must
        // follow): registered, unregistered, registered again, or left out.
        var subscribed: [(Recorder, WatchRegion)] = []
        for region in regions {
            let copies = Int(random.next() % 3)
            for _ in 0..<copies {
                let recorder = Recorder()
                hub.register(recorder, for: region)
                subscribed.append((recorder, region))
            }
            if case .document = region, copies > 0, random.next() % 2 == 0 {
                let last = subscribed.removeLast()
                hub.unregister(last.0, for: region)
            }
        }
        var changeSets: [ChangeSet] = []
        for version in 1...200 {
            let count = 1 + Int(random.next() % 6)
            let changes = (0..<count).map { _ in
                ChangeSet.Change(key: keys[Int(random.next() % UInt64(keys.count))], before: nil, after: nil)
            }
            changeSets.append(ChangeSet(version: Int64(version), database: databases[Int(random.next() % 2)], changes: changes))
        }
        hub.publish(changeSets)
        for (recorder, region) in subscribed {
            let expected = changeSets.filter { Self.touches($0, region) }.map(\.version)
            #expect(recorder.versions.withLock { $0 } == expected, "\(region)")
        }
    }

    /// A document region's subscriber keeps getting its changes while other document regions are
    /// unregistered (the hub counts document regions to skip their lookups when there are none).
    @Test func documentRegionsStayRoutedAfterOthersLeave() throws {
        let db = try DatabaseID(project: "p")
        let a = try DocumentKey(validating: "rooms/a")
        let b = try DocumentKey(validating: "rooms/b")
        let hub = WatchHub()
        let first = Recorder()
        let second = Recorder()
        hub.register(first, for: .document(db, a))
        hub.register(second, for: .document(db, b))
        hub.unregister(second, for: .document(db, b))
        hub.unregister(second, for: .document(db, b))
        hub.publish([ChangeSet(version: 1, database: db, changes: [.init(key: b, before: nil, after: nil), .init(key: a, before: nil, after: nil)])])
        #expect(first.versions.withLock { $0 } == [1])
        #expect(second.versions.withLock { $0 }.isEmpty)
    }
}
