import FirestoreWire
import Foundation
@testable import HearthCore
import Synchronization
import Testing

@testable import HearthServer

/// The console's server-side pieces on their own: the request ring, the origin guard, the usage
/// counters and the engine's change feed.
@Suite("Console pieces")
struct ConsolePiecesTests {
    private func record(_ path: String) -> RequestRecord {
        RequestRecord(
            sequence: 0, time: 0, method: "REST GET", path: path, principal: "admin", status: "OK", durationMs: 1,
            rules: "bypassed (admin)", detail: nil)
    }

    @Test func ringKeepsOnlyTheNewestInOrder() {
        let ring = RequestRing(capacity: 3)
        for index in 1...5 { ring.append(record("p\(index)")) }
        #expect(ring.count == 3)
        #expect(ring.records(after: 0, limit: 10).map(\.path) == ["p3", "p4", "p5"])
        #expect(ring.records(after: 0, limit: 10).map(\.sequence) == [3, 4, 5])
        #expect(ring.records(after: 4, limit: 10).map(\.path) == ["p5"])
        #expect(ring.records(after: 0, limit: 2).map(\.path) == ["p4", "p5"])
    }

    /// Verdicts are traced only while someone reads the ring.
    @Test func ringIsWatchedOnlyOnceRead() {
        let ring = RequestRing(capacity: 3)
        #expect(!ring.isWatched)
        ring.noteReader()
        #expect(ring.isWatched)
    }

    @Test func ringOfZeroKeepsOne() {
        let ring = RequestRing(capacity: 0)
        ring.append(record("a"))
        ring.append(record("b"))
        #expect(ring.records(after: 0, limit: 5).map(\.path) == ["b"])
    }

    private func request(_ method: String, origin: String?, host: String?) -> RESTRequest {
        RESTRequest(method: method, uri: "/console/api/usage/reset", authorization: nil, body: Data(), origin: origin, host: host)
    }

    @Test func guardRefusesForeignOriginsAndHosts() {
        let guardian = ConsoleGuard(boundHost: "127.0.0.1")
        #expect(guardian.refusal(request("POST", origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080")) == nil)
        #expect(guardian.refusal(request("POST", origin: nil, host: "localhost:8080")) == nil)
        #expect(guardian.refusal(request("GET", origin: "http://evil.example", host: "127.0.0.1:8080")) == nil)
        #expect(guardian.refusal(request("POST", origin: "http://evil.example", host: "127.0.0.1:8080")) != nil)
        #expect(guardian.refusal(request("DELETE", origin: "null", host: "127.0.0.1:8080")) != nil)
        #expect(guardian.refusal(request("GET", origin: nil, host: "evil.example:8080")) != nil)
        #expect(guardian.refusal(request("GET", origin: nil, host: "[::1]:8080")) == nil)
        #expect(ConsoleGuard(boundHost: "0.0.0.0").refusal(request("GET", origin: nil, host: "10.0.0.5:8080")) == nil)
    }

    /// A listener's deliveries are reads (one per document per target); removals are not.
    @Test func usageCountsDocumentsDeliveredToListeners() throws {
        let usage = UsageCounters()
        func change(_ path: String, targets: [Int32], removed: [Int32] = []) -> Google_Firestore_V1_ListenResponse {
            var change = Google_Firestore_V1_DocumentChange()
            change.document.name = "projects/p/databases/(default)/documents/" + path
            change.targetIds = targets
            change.removedTargetIds = removed
            var response = Google_Firestore_V1_ListenResponse()
            response.documentChange = change
            return response
        }
        usage.listened(change("rooms/a", targets: [1]))
        usage.listened(change("rooms/b", targets: [1, 2]))
        usage.listened(change("rooms/a", targets: [], removed: [1]))
        var delete = Google_Firestore_V1_ListenResponse()
        delete.documentDelete.document = "projects/p/databases/(default)/documents/rooms/a"
        usage.listened(delete)
        var target = Google_Firestore_V1_ListenResponse()
        target.targetChange.targetIds = [1]
        usage.listened(target)
        let row = try #require(usage.snapshot().databases.first)
        #expect(row.collections["rooms"] == .init(reads: 3, writes: 0, deletes: 0))
    }

    /// A batch of deliveries counts as each one would alone, across runs of collections and
    /// databases, with unparsable names and non-reads in between.
    @Test func usageCountsABatchOfDeliveriesAsOneByOne() throws {
        func change(_ name: String, targets: [Int32]) -> Google_Firestore_V1_ListenResponse {
            var response = Google_Firestore_V1_ListenResponse()
            response.documentChange.document.name = name
            response.documentChange.targetIds = targets
            return response
        }
        let p = "projects/p/databases/(default)/documents/"
        let q = "projects/p/databases/other/documents/"
        var target = Google_Firestore_V1_ListenResponse()
        target.targetChange.targetIds = [1]
        let batch = [
            change(p + "rooms/a", targets: [1]), change(p + "rooms/b", targets: [1, 2]), target,
            change(q + "rooms/c", targets: [1]), change(p + "rooms/d", targets: [3]),
            change("not a name/x", targets: [1]), change("nothing", targets: [1]), change(p + "rooms/e", targets: []),
            change(p + "rooms/e/msgs/m", targets: [1]), change(p + "rooms/f", targets: [1]),
        ]
        let together = UsageCounters()
        together.listened(batch)
        let alone = UsageCounters()
        for response in batch { alone.listened(response) }
        func table(_ usage: UsageCounters) -> [String: [String: UsageCounters.Counts]] {
            Dictionary(uniqueKeysWithValues: usage.snapshot().databases.map { ($0.database, $0.collections) })
        }
        #expect(table(together) == table(alone))
        #expect(table(together)["projects/p/databases/(default)"] == ["rooms": .init(reads: 5), "rooms/e/msgs": .init(reads: 1)])
        #expect(table(together)["projects/p/databases/other"] == ["rooms": .init(reads: 1)])
    }

    @Test func usageCountsWritesDeletesAndReadsPerCollection() throws {
        let usage = UsageCounters()
        let database = try DatabaseID(project: "p")
        let a = try DocumentKey(validating: "users/a")
        let b = try DocumentKey(validating: "users/a/posts/b")
        let document = Document(key: a, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        usage.commit([.init(key: a, before: nil, after: document), .init(key: b, before: document, after: nil)], database: database)
        usage.read(keys: [a, a], database: database)
        usage.queried([], database: database, collection: try ResourcePath(validating: "empty"))
        let row = try #require(usage.snapshot().databases.first)
        #expect(row.database == "projects/p/databases/(default)")
        #expect(row.total == .init(reads: 3, writes: 1, deletes: 1))
        #expect(row.collections["users"] == .init(reads: 2, writes: 1, deletes: 0))
        #expect(row.collections["users/a/posts"] == .init(reads: 0, writes: 0, deletes: 1))
        #expect(row.collections["empty"] == .init(reads: 1, writes: 0, deletes: 0))
        usage.reset()
        #expect(usage.snapshot().databases.isEmpty)
    }

    /// A commit's changes count per collection alike in one call or one by one, with the
    /// collections' runs interleaved.
    @Test func usageCountsACommitsRunsOfCollections() throws {
        let database = try DatabaseID(project: "p")
        let paths = ["users/a", "users/b", "users/a/posts/x", "users/c", "rooms/r", "users/d", "users/a/posts/y"]
        let keys = try paths.map { try DocumentKey(validating: $0) }
        let changes = keys.enumerated().map { index, key in
            let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
            return ChangeSet.Change(key: key, before: document, after: index % 3 == 1 ? nil : document)
        }
        let together = UsageCounters()
        together.commit(changes, database: database)
        let alone = UsageCounters()
        for change in changes { alone.commit([change], database: database) }
        let row = try #require(together.snapshot().databases.first)
        #expect(row.collections == (try #require(alone.snapshot().databases.first)).collections)
        #expect(row.collections["users"] == .init(reads: 0, writes: 3, deletes: 1))
        #expect(row.collections["users/a/posts"] == .init(reads: 0, writes: 2, deletes: 0))
        #expect(row.collections["rooms"] == .init(reads: 0, writes: 0, deletes: 1))
        #expect(row.total == .init(reads: 0, writes: 5, deletes: 2))
    }

    @Test func changeFeedDeliversOnlyItsCollection() async throws {
        let directory = NSTemporaryDirectory() + "hearth-feed-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine = try Engine(directory: directory, options: EngineOptions(durability: .none))
        defer { engine.close() }
        let database = try DatabaseID(project: "p")
        let seen = Mutex<[String]>([])
        let handle = engine.followChanges(.collection(database, try ResourcePath(validating: "users"))) { _, changes, _ in
            seen.withLock { $0 += changes.map { "\($0.key.path.canonicalString):\($0.after == nil ? "gone" : "set")" } }
        }
        try await engine.commit([.set(try DocumentKey(validating: "users/a"), fields: ["x": .integer(1)])], in: database)
        try await engine.commit([.set(try DocumentKey(validating: "other/z"), fields: [:])], in: database)
        try await engine.commit([.delete(try DocumentKey(validating: "users/a"))], in: database)
        await handle.settled()
        #expect(seen.withLock { $0 } == ["users/a:set", "users/a:gone"])
        handle.cancel()
        try await engine.commit([.set(try DocumentKey(validating: "users/b"), fields: [:])], in: database)
        await handle.settled()
        #expect(seen.withLock { $0 } == ["users/a:set", "users/a:gone"])
    }
}
