import Foundation
import Synchronization
import Testing
@testable import HearthCore
import HearthTestSupport

/// Applies changes one after another, as the SDKs define oldIndex/newIndex.
func applying(_ changes: [DocumentChangeEvent], to list: [Document]) -> [Document] {
    var result = list
    for change in changes {
        switch change.kind {
        case .removed:
            if result.indices.contains(change.oldIndex), result[change.oldIndex].key == change.document.key {
                result.remove(at: change.oldIndex)
            } else {
                Issue.record("removal index \(change.oldIndex) does not hold \(change.document.key)")
            }
        case .added:
            result.insert(change.document, at: min(change.newIndex, result.count))
        case .modified:
            if result.indices.contains(change.oldIndex), result[change.oldIndex].key == change.document.key {
                result.remove(at: change.oldIndex)
                result.insert(change.document, at: min(change.newIndex, result.count))
            } else {
                Issue.record("modification index \(change.oldIndex) does not hold \(change.document.key)")
            }
        }
    }
    return result
}

@Suite("View changes (pure)")
struct ViewChangesTests {
    static func doc(_ id: String, _ n: Int) -> Document {
        Document(key: DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", id])), fields: ["n": .integer(Int64(n))],
                 createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: Int64(n + 1)))
    }

    /// Orders by `n`, then by id (a query's comparator always ends with the name).
    static func compare(_ a: Document, _ b: Document) -> Int {
        let c = Value.compare(a.fields["n"] ?? .null, b.fields["n"] ?? .null)
        return c != 0 ? c : String.compareUTF8(a.key.documentID, b.key.documentID)
    }

    @Test func applyingTheChangesToTheOldWindowGivesTheNewOne() {
        var g = ModelTestRandom(seed: 4)
        for _ in 0..<500 {
            let ids = (0..<8).map { "d\($0)" }
            let old = ids.filter { _ in Bool.random(using: &g) }.map { Self.doc($0, Int.random(in: 0...2, using: &g)) }.sorted { Self.compare($0, $1) < 0 }
            let new = ids.filter { _ in Bool.random(using: &g) }.map { Self.doc($0, Int.random(in: 0...2, using: &g)) }.sorted { Self.compare($0, $1) < 0 }
            let changes = ViewChanges.between(old, new, compare: Self.compare)
            #expect(applying(changes, to: old) == new)
            #expect(Set(changes.map(\.document.key)).count == changes.count, "one change per document")
        }
        #expect(ViewChanges.between([Self.doc("a", 1)], [Self.doc("a", 1)], compare: Self.compare).isEmpty)
        // b is unchanged although a moves past it: only a changes.
        let moved = ViewChanges.between([Self.doc("a", 0), Self.doc("b", 1)], [Self.doc("b", 1), Self.doc("a", 2)], compare: Self.compare)
        #expect(moved.map(\.kind) == [.modified])
        #expect(moved.map(\.oldIndex) == [0] && moved.map(\.newIndex) == [1])
    }
}

@Suite("Listeners on the engine")
struct ListenerTests {
    @Test func documentListenerFollowsAMissingDocumentThroughItsLife() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let log = EventLog<Document?>()
        let handle = try t.engine.listen(key, in: t.database) { document, _ in log.append(document) }
        #expect(await log.wait(for: 1).count == 1)
        #expect(log.all[0] == nil, "a missing document gives an initial nil")
        try await t.commit([.set(key, fields: ["v": 1])])
        try await t.commit([.set(key, fields: ["v": 1])])  // no-op: no event
        try await t.commit([.set(try t.key("c/other"), fields: [:])])  // another document: no event
        try await t.commit([.delete(key)])
        let events = await log.wait(for: 3)
        #expect(events.count == 3)
        #expect(events[1]?.fields == ["v": 1])
        #expect(events[2] == nil)
        handle.cancel()
        try await t.commit([.set(key, fields: ["v": 2])])
        await handle.settled()
        #expect(log.all.count == 3, "no event after cancel")
    }

    @Test func queryListenerReportsAddedModifiedRemovedWithIndexes() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 1]), .set(try t.key("c/b"), fields: ["n": 2])])
        let query = StructuredQuery(collectionID: "c", filter: .field(.p("n"), .greaterThan, 0), orderBy: [QueryOrder(.p("n"))])
        let log = EventLog<QuerySnapshotEvent>()
        let handle = try t.engine.listen(query, in: t.database) { if case .success(let e) = $0 { log.append(e) } }
        defer { handle.cancel() }
        let first = await log.wait(for: 1)[0]
        #expect(first.changes.map(\.kind) == [.added, .added])
        #expect(first.documents.map(\.key.documentID) == ["a", "b"])

        try await t.commit([.set(try t.key("c/a"), fields: ["n": 3])])  // a moves after b
        try await t.commit([.set(try t.key("c/c"), fields: ["n": 0])])  // does not match: no event
        try await t.commit([.delete(try t.key("c/b")), .set(try t.key("c/d"), fields: ["n": 2])])  // one commit, one event
        let events = await log.wait(for: 3)
        #expect(events.count == 3)
        #expect(events[1].changes == [DocumentChangeEvent(kind: .modified, document: events[1].documents[1], oldIndex: 0, newIndex: 1)])
        #expect(events[2].documents.map(\.key.documentID) == ["d", "a"])
        #expect(Set(events[2].changes.map(\.kind)) == [.removed, .added])
        var replayed = first.documents
        for event in events.dropFirst() { replayed = applying(event.changes, to: replayed) }
        #expect(replayed == events.last?.documents)
    }

    @Test func limitedWindowRefillsWhenAMemberLeaves() async throws {
        let t = try TestEngine()
        try await t.commit((0..<5).map { i in .set(DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", "d\(i)"])), fields: ["n": .integer(Int64(i))]) })
        let query = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.p("n"))], limit: 2)
        let log = EventLog<QuerySnapshotEvent>()
        let handle = try t.engine.listen(query, in: t.database) { if case .success(let e) = $0 { log.append(e) } }
        defer { handle.cancel() }
        #expect(await log.wait(for: 1)[0].documents.map(\.key.documentID) == ["d0", "d1"])
        try await t.commit([.delete(try t.key("c/d0"))])
        let events = await log.wait(for: 2)
        #expect(events.last?.documents.map(\.key.documentID) == ["d1", "d2"], "d2 refills the window")
    }

    @Test func collectionGroupListener() async throws {
        let t = try TestEngine()
        let log = EventLog<QuerySnapshotEvent>()
        let handle = try t.engine.listen(StructuredQuery(collectionID: "m", allDescendants: true), in: t.database) {
            if case .success(let e) = $0 { log.append(e) }
        }
        defer { handle.cancel() }
        _ = await log.wait(for: 1)
        try await t.commit([.set(try t.key("Chats/a/m/1"), fields: [:]), .set(try t.key("x/y"), fields: [:])])
        let events = await log.wait(for: 2)
        #expect(events.last?.documents.map(\.key.path.canonicalString) == ["Chats/a/m/1"])
    }

    @Test func concurrentWritersNeverLoseDuplicateOrReorderEvents() async throws {
        let t = try TestEngine()
        let engine = t.engine
        let database = t.database
        let queries = [
            StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.p("n"))]),
            StructuredQuery(collectionID: "c", filter: .field(.p("n"), .lessThan, 5), orderBy: [QueryOrder(.p("n"), descending: true)]),
            StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.p("n"))], limit: 3),
        ]
        let logs = queries.map { _ in EventLog<QuerySnapshotEvent>() }
        var handles: [ListenHandle] = []
        for (query, log) in zip(queries, logs) {
            handles.append(try engine.listen(query, in: database) { if case .success(let e) = $0 { log.append(e) } })
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var g = ModelTestRandom(seed: UInt64(writer + 100))
                    for _ in 0..<60 {
                        let key = DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", "d\(Int.random(in: 0..<12, using: &g))"]))
                        let write: Write = Int.random(in: 0..<4, using: &g) == 0
                            ? .delete(key) : .set(key, fields: ["n": .integer(Int64.random(in: 0..<10, using: &g))])
                        _ = try await engine.commit([write], in: database)
                    }
                }
            }
            try await group.waitForAll()
        }
        for handle in handles { await handle.settled() }
        for (query, log) in zip(queries, logs) {
            // Every commit has reached the listener (settled): nothing is left to wait for.
            let events = log.all
            #expect(!events.isEmpty)
            var replayed: [Document] = []
            var previousVersion: Int64 = -1
            for event in events {
                #expect(event.version > previousVersion, "events arrive in commit order, one per commit")
                previousVersion = event.version
                replayed = applying(event.changes, to: replayed)
                #expect(replayed == event.documents, "the changes reproduce the snapshot")
                let truth = await event.version == 0
                    ? [] : try engine.runQuery(query, in: database, consistency: .readTime(Timestamp(microseconds: event.version)))
                #expect(event.documents == truth, "the snapshot is the query's result at that commit")
            }
            await #expect(events.last?.documents == (try engine.runQuery(query, in: database)), "nothing lost at the end")
        }
        handles.forEach { $0.cancel() }
    }
}

@Suite("Resuming a listener")
struct ResumeTests {
    @Test func resumingAfterAVersionDeliversOnlyTheChangesSince() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 1]), .set(try t.key("c/b"), fields: ["n": 2])])
        let token = t.engine.latestCommitTime.microseconds
        try await t.commit([.set(try t.key("c/c"), fields: ["n": 3]), .delete(try t.key("c/a"))])
        let log = EventLog<QuerySnapshotEvent>()
        let query = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.p("n"))])
        let handle = try t.engine.listen(query, in: t.database, resumingAfter: token) { if case .success(let e) = $0 { log.append(e) } }
        defer { handle.cancel() }
        let first = await log.wait(for: 1)[0]
        #expect(first.documents.map(\.key.documentID) == ["b", "c"])
        #expect(first.changes.map(\.kind) == [.removed, .added], "only what changed since the token")
        #expect(first.changes.map(\.document.key.documentID) == ["a", "c"])
    }

    @Test func anExpiredResumeVersionGivesAFullSnapshot() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, retention: .seconds(1), clock: clock))
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 1])])
        let token = t.engine.latestCommitTime.microseconds
        clock.advance(byMicroseconds: 5_000_000)
        try await t.commit([.set(try t.key("c/b"), fields: ["n": 2])])
        let log = EventLog<QuerySnapshotEvent>()
        let handle = try t.engine.listen(StructuredQuery(collectionID: "c"), in: t.database, resumingAfter: token) {
            if case .success(let e) = $0 { log.append(e) }
        }
        defer { handle.cancel() }
        let first = await log.wait(for: 1)[0]
        #expect(first.changes.map(\.kind) == [.added, .added], "history is gone: a reset, every result added")
    }
}
