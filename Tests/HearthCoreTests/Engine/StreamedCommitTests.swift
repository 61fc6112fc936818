import Foundation
import Synchronization
import Testing
@testable import HearthCore

/// Commits whose writes arrive through a `WriteFeed` while the writer applies them: the same
/// outcome as a commit of the same writes, and nothing stored when any write fails or never comes.
@Suite("Streamed commits")
struct StreamedCommitTests {
    /// Delivers `writes` to `feed` from another thread in runs of `run`, each next run only once the
    /// writer waits for it (or after a second, if the writer stopped reading), so that the writer
    /// really waits for arriving writes; declines instead of delivering run `declineAt`.
    private static func produce(_ writes: [Write], into feed: WriteFeed, run: Int, declineAt: Int? = nil) {
        Thread.detachNewThread {
            var index = 0
            var start = 0
            while start < writes.count {
                if index == declineAt { return feed.decline() }
                let end = min(start + run, writes.count)
                feed.deliver(Array(writes[start..<end]))
                _ = feed.waitForWaitingReader(seconds: 1)
                start = end
                index += 1
            }
        }
    }

    private func mixedWrites(_ t: TestEngine) throws -> [Write] {
        var writes: [Write] = []
        for index in 0..<150 { writes.append(.set(try t.key("items/d\(index)"), fields: ["n": .integer(Int64(index))])) }
        writes.append(.update(try t.key("items/d3"), fields: ["extra": true], mask: [.p("extra")]))
        writes.append(.delete(try t.key("items/d4")))
        writes.append(.set(try t.key("items/kept"), fields: ["before": 1]))
        writes.append(.create(try t.key("items/new"), fields: ["made": "here"]))
        return writes
    }

    @Test func arrivingWritesCommitAsTheSameWritesCommittedWhole() async throws {
        let streamed = try TestEngine()
        let whole = try TestEngine()
        try await whole.commit([.set(try whole.key("items/kept"), fields: ["old": 1])])
        try await streamed.commit([.set(try streamed.key("items/kept"), fields: ["old": 1])])
        let writes = try mixedWrites(streamed)

        // An idle writer takes the feed as it arrives (a busy one would wait for all of it).
        while streamed.engine.writer.isBusy { await Task.yield() }
        let feed = WriteFeed(count: writes.count)
        Self.produce(writes, into: feed, run: 16)
        let result = try await streamed.engine.commit(feed, in: streamed.database)
        let reference = try await whole.commit(writes)

        #expect(result.writeResults.count == writes.count)
        #expect(result.writeResults.count == reference.writeResults.count)
        #expect(result.writeResults.allSatisfy { $0.updateTime == nil || $0.updateTime == result.commitTime }
            == reference.writeResults.allSatisfy { $0.updateTime == nil || $0.updateTime == reference.commitTime })
        for path in ["items/d0", "items/d3", "items/d4", "items/d149", "items/kept", "items/new"] {
            #expect(try streamed.get(path)?.fields == whole.get(path)?.fields, "\(path)")
        }
        #expect(try streamed.get("items/d3")?.fields == ["n": 3, "extra": true])
        #expect(try streamed.get("items/d4") == nil)
        let all = try await streamed.engine.runQuery(StructuredQuery(collectionID: "items"), in: streamed.database)
        #expect(all.count == 150 - 1 + 2)  // d4 deleted; `kept` and `new`
        #expect(all.map(\.fields) == (try await whole.engine.runQuery(StructuredQuery(collectionID: "items"), in: whole.database)).map(\.fields))
    }

    @Test func aFeedDeclinedAfterSomeRunsWritesNothing() async throws {
        let t = try TestEngine()
        let writes = try (0..<200).map { index throws(FirestoreError) in
            Write.set(try t.key("items/d\(index)"), fields: ["n": .integer(Int64(index))])
        }
        let feed = WriteFeed(count: writes.count)
        Self.produce(writes, into: feed, run: 32, declineAt: 4)
        await #expect(throws: WriteFeed.declinedError) { try await t.engine.commit(feed, in: t.database) }
        #expect(await feed.completion() == false)
        #expect(try t.get("items/d0") == nil)
        await #expect(try t.engine.runQuery(StructuredQuery(collectionID: "items"), in: t.database).isEmpty)
        // The in-flight marks the declined commit made for the runs it applied are gone.
        #expect(!t.engine.transactions.isInFlight(try t.key("items/d0"), database: t.database))
        #expect(!t.engine.transactions.isInFlight(try t.key("items/d127"), database: t.database))
        try await t.commit([.set(try t.key("items/d0"), fields: ["after": true])])
        #expect(try t.get("items/d0")?.fields == ["after": true])
    }

    @Test func aFailedPreconditionInALateRunWritesNothing() async throws {
        let t = try TestEngine()
        var writes = try (0..<200).map { index throws(FirestoreError) in
            Write.set(try t.key("items/d\(index)"), fields: ["n": .integer(Int64(index))])
        }
        writes[170] = .update(try t.key("items/missing"), fields: ["n": 1], mask: [.p("n")])
        let feed = WriteFeed(count: writes.count)
        Self.produce(writes, into: feed, run: 32)
        await #expect(throws: FirestoreError(
            .notFound, "No document to update: projects/test-project/databases/(default)/documents/items/missing")
        ) {
            try await t.engine.commit(feed, in: t.database)
        }
        #expect(await feed.completion() == true)
        await #expect(try t.engine.runQuery(StructuredQuery(collectionID: "items"), in: t.database).isEmpty)
    }

    @Test func aCommitSubmittedWhileAFeedIsArrivingLandsToo() async throws {
        let t = try TestEngine()
        let writes = try (0..<160).map { index throws(FirestoreError) in
            Write.set(try t.key("items/d\(index)"), fields: ["n": .integer(Int64(index))])
        }
        let feed = WriteFeed(count: writes.count)
        feed.deliver(Array(writes[0..<10]))
        let (engine, database, other) = (t.engine, t.database, try t.key("other/one"))
        async let streamed = engine.commit(feed, in: database)
        // The writer has the feed (and waits for its runs) before the other commit is submitted.
        while !engine.writer.isBusy { await Task.yield() }
        async let plain = engine.commit([.set(other, fields: ["x": 1])], in: database)
        // The other commit is queued behind the arriving feed before the feed's last run comes.
        while engine.writer.queuedCommits == 0 { await Task.yield() }
        feed.deliver(Array(writes[10...]))
        let (first, second) = try await (streamed, plain)
        #expect(first.commitTime < second.commitTime, "the writer took the feed first, while it was arriving")
        #expect(first.writeResults.count == 160)
        #expect(second.writeResults.count == 1)
        #expect(try t.get("items/d159")?.fields == ["n": 159])
        #expect(try t.get("other/one")?.fields == ["x": 1])
    }

    @Test func aJudgedCommitWaitsForEveryWriteAndIsJudged() async throws {
        let t = try TestEngine()
        t.engine.setAccessPolicy(AccessPolicyTests.FieldPolicy())
        let user = AccessContext.user(uid: "alice", claims: [:])
        var writes = try (0..<140).map { index throws(FirestoreError) in
            Write.set(try t.key("items/d\(index)"), fields: ["n": .integer(Int64(index))])
        }
        let allowed = WriteFeed(count: writes.count)
        Self.produce(writes, into: allowed, run: 40)
        #expect(try await t.engine.commit(allowed, in: t.database, access: user).writeResults.count == 140)

        writes[139] = .set(try t.key("items/d139"), fields: ["forbidden": true])
        let denied = WriteFeed(count: writes.count)
        Self.produce(writes.map { write in
            guard case .set(let key, fields: let fields) = write.operation, fields["n"] != nil else { return write }
            return .set(key, fields: ["n": .integer(-1)])
        }, into: denied, run: 40)
        await #expect { try await t.engine.commit(denied, in: t.database, access: user) } throws: { error in
            (error as? FirestoreError)?.code == .permissionDenied
        }
        #expect(try t.get("items/d0")?.fields == ["n": 0], "the denied commit changed nothing")
    }
}

@Suite("WriteFeed")
struct WriteFeedTests {
    private let key = DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", "d"]))

    @Test func runsArriveInOrderAndEndAtTheCount() async throws {
        let feed = WriteFeed(count: 3)
        feed.deliver([.delete(key)])
        feed.deliver([.delete(key), .delete(key)])
        #expect(try feed.run(at: 0)?.count == 1)
        #expect(try feed.run(at: 1)?.count == 2)
        #expect(try feed.run(at: 2) == nil)
        #expect(await feed.completion())
        #expect(await feed.collected()?.count == 3)
        feed.decline()
        #expect(await feed.completion(), "declining a complete feed changes nothing")
    }

    @Test func tooManyWritesDeclineTheFeed() async throws {
        let feed = WriteFeed(count: 2)
        feed.deliver([.delete(key)])
        feed.deliver([.delete(key), .delete(key)])
        #expect(throws: WriteFeed.declinedError) { try feed.run(at: 1) }
        #expect(try feed.run(at: 0)?.count == 1, "runs delivered before stay readable")
        #expect(await feed.completion() == false)
        #expect(await feed.collected() == nil)
    }

    @Test(.timeLimit(.minutes(10)))
    func aReaderWaitsForTheRunItAsksFor() async throws {
        let feed = WriteFeed(count: 1)
        let read = Mutex<Int?>(nil)
        Thread.detachNewThread {
            let count = (try? feed.run(at: 0))?.count
            read.withLock { $0 = count }
        }
        // The reader is blocked on the run, and has read nothing, until the run is delivered.
        while feed.waitingReaders == 0 { await Task.yield() }
        #expect(read.withLock { $0 } == nil)
        feed.deliver([.delete(DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["c", "d"])))])
        while read.withLock({ $0 }) == nil { await Task.yield() }
        #expect(read.withLock { $0 } == 1)
        #expect(feed.waitingReaders == 0)
    }
}
