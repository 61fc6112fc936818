import Testing
@testable import HearthCore
import LMDB

@Suite("Transactions and reads at a past time")
struct TransactionTests {
    @Test func readWriteTransactionCommits() async throws {
        let t = try stillClockEngine()
        let key = try t.key("counters/c")
        try await t.commit([.set(key, fields: ["n": 1])])
        let id = try t.engine.beginTransaction(in: t.database)
        let doc = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(id))
        guard case .integer(let n)? = doc?.fields["n"] else { Issue.record("no counter"); return }
        try await t.engine.commit([.set(key, fields: ["n": .integer(n + 1)])], in: t.database, transaction: id)
        #expect(try t.get("counters/c")?.fields["n"] == 2)
    }

    @Test func conflictingTransactionAborts() async throws {
        let t = try stillClockEngine()
        let key = try t.key("counters/c")
        try await t.commit([.set(key, fields: ["n": 1])])
        let first = try t.engine.beginTransaction(in: t.database)
        let second = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(first))
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(second))
        try await t.engine.commit([.set(key, fields: ["n": 2])], in: t.database, transaction: first)
        await expectError(.aborted) {
            try await t.engine.commit([.set(key, fields: ["n": 3])], in: t.database, transaction: second)
        }
        #expect(try t.get("counters/c")?.fields["n"] == 2)
    }

    @Test func transactionThatReadMissingDocumentAbortsWhenItAppears() async throws {
        let t = try stillClockEngine()
        let key = try t.key("c/new")
        let id = try t.engine.beginTransaction(in: t.database)
        #expect(try await t.engine.getDocument(key, in: t.database, consistency: .transaction(id)) == nil)
        try await t.commit([.set(key, fields: ["by": "other"])])
        await expectError(.aborted) {
            try await t.engine.commit([.set(key, fields: ["by": "txn"])], in: t.database, transaction: id)
        }
    }

    @Test func blindWriteByOthersToUnreadDocumentDoesNotAbort() async throws {
        let t = try stillClockEngine()
        let id = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.getDocument(try t.key("c/read"), in: t.database, consistency: .transaction(id))
        try await t.commit([.set(try t.key("c/other"), fields: [:])])
        try await t.engine.commit([.set(try t.key("c/read"), fields: ["ok": true])], in: t.database, transaction: id)
        #expect(try t.get("c/read")?.fields["ok"] == true)
    }

    @Test func committedOrRolledBackTransactionCannotBeReused() async throws {
        let t = try stillClockEngine()
        let id = try t.engine.beginTransaction(in: t.database)
        try t.engine.rollback(id, in: t.database)
        do {
            try await t.engine.commit([], in: t.database, transaction: id)
            Issue.record("a rolled-back transaction must be gone")
        } catch {
            #expect(error == FirestoreError(.invalidArgument, "The referenced transaction has expired or is no longer valid."))
        }
        await expectError(.invalidArgument) {
            _ = try t.engine.getDocument(try t.key("c/d"), in: t.database, consistency: .transaction(id))
        }
    }

    @Test func idleTransactionExpires() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, clock: clock))
        let id = try t.engine.beginTransaction(in: t.database)
        clock.advance(byMicroseconds: 61_000_000)
        await expectError(.invalidArgument) {
            try await t.engine.commit([.set(try t.key("c/d"), fields: [:])], in: t.database, transaction: id)
        }
        #expect(try t.get("c/d") == nil)
    }

    @Test func transactionOfAnotherDatabaseIsInvalid() async throws {
        let t = try stillClockEngine()
        let id = try t.engine.beginTransaction(in: t.database)
        await expectError(.invalidArgument) {
            _ = try t.engine.getDocument(try t.key("c/d"), in: try DatabaseID(project: "other"), consistency: .transaction(id))
        }
    }

    @Test func readOnlyTransactionSeesOneSnapshotAndCannotWrite() async throws {
        let t = try stillClockEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["v": 1])])
        let id = try t.engine.beginTransaction(in: t.database, options: .readOnly(readTime: nil))
        try await t.commit([.set(key, fields: ["v": 2])])
        try await t.commit([.set(try t.key("c/new"), fields: [:])])
        #expect(try await t.engine.getDocument(key, in: t.database, consistency: .transaction(id))?.fields["v"] == 1)
        #expect(try await t.engine.getDocument(try t.key("c/new"), in: t.database, consistency: .transaction(id)) == nil)
        await expectError(.invalidArgument) {
            try await t.engine.commit([.set(key, fields: ["v": 3])], in: t.database, transaction: id)
        }
    }

    @Test func readsAtPastTimesSeeEachVersion() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let v1 = try await t.commit([.set(key, fields: ["v": 1])]).commitTime
        let v2 = try await t.commit([.set(key, fields: ["v": 2])]).commitTime
        let gone = try await t.commit([.delete(key)]).commitTime
        let v3 = try await t.commit([.set(key, fields: ["v": 3])]).commitTime
        func at(_ time: Timestamp) throws -> Value? {
            try t.engine.getDocument(key, in: t.database, consistency: .readTime(time))?.fields["v"]
        }
        #expect(try at(Timestamp(microseconds: v1.microseconds - 1)) == nil)
        #expect(try at(v1) == 1)
        #expect(try at(Timestamp(microseconds: v2.microseconds - 1)) == 1)
        #expect(try at(v2) == 2)
        #expect(try at(gone) == nil)
        #expect(try at(v3) == 3)
        try t.reopen()
        #expect(try at(v2) == 2, "history persists")
    }

    @Test func readTimeOutsideWindowIsRejected() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, retention: .seconds(1), clock: clock))
        try await t.commit([.set(try t.key("c/d"), fields: [:])])
        await expectError(.invalidArgument) {
            _ = try t.engine.getDocument(try t.key("c/d"), in: t.database, consistency: .readTime(Timestamp(microseconds: clock.nowMicroseconds() + 10_000_000)))
        }
        await expectError(.failedPrecondition) {
            _ = try t.engine.getDocument(try t.key("c/d"), in: t.database, consistency: .readTime(Timestamp(microseconds: clock.nowMicroseconds() - 2_000_000)))
        }
    }

    @Test func historyIsPrunedAfterRetention() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, retention: .seconds(1), clock: clock))
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["v": 1])])
        try await t.commit([.set(key, fields: ["v": 2])])
        let before = try t.engine.read { txn in try txn.count(in: t.engine.store.tables.history) }
        #expect(before == 1)
        clock.advance(byMicroseconds: 5_000_000)
        try await t.commit([.set(try t.key("c/other"), fields: [:])])
        let after = try t.engine.read { txn in try txn.count(in: t.engine.store.tables.history) }
        #expect(after == 0)
    }

    @Test func concurrentIncrementsWithRetriesAreSerializable() async throws {
        let t = try stillClockEngine()
        let key = try t.key("counters/c")
        try await t.commit([.set(key, fields: ["n": 0])])
        let engine = t.engine
        let database = t.database
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<50 {
                        var done = false
                        while !done {
                            let id = try engine.beginTransaction(in: database)
                            let doc = try await engine.getDocument(key, in: database, consistency: .transaction(id))
                            guard case .integer(let n)? = doc?.fields["n"] else { return }
                            do {
                                try await engine.commit([.set(key, fields: ["n": .integer(n + 1)])], in: database, transaction: id)
                                done = true
                            } catch let error as FirestoreError where error.code == .aborted {
                                continue
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try t.get("counters/c")?.fields["n"] == 100)
    }
}

@Suite("Retried transactions go first")
struct RetryPriorityTests {
    @Test func aRetriedTransactionsReadsAreReservedAgainstOtherTransactions() async throws {
        let t = try stillClockEngine()
        let key = try t.key("counters/c")
        try await t.commit([.set(key, fields: ["n": 0])])
        let first = try t.engine.beginTransaction(in: t.database)
        let retry = try t.engine.beginTransaction(in: t.database, options: .readWriteRetry(previous: first))
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(retry))
        let other = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(other))
        await expectError(.aborted) {
            try await t.engine.commit([.set(key, fields: ["n": 1])], in: t.database, transaction: other)
        }
        try await t.engine.commit([.set(key, fields: ["n": 2])], in: t.database, transaction: retry)
        #expect(try t.get("counters/c")?.fields["n"] == 2)
        // Once the retry ended, its reservation is gone.
        let later = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(later))
        try await t.engine.commit([.set(key, fields: ["n": 3])], in: t.database, transaction: later)
        #expect(try t.get("counters/c")?.fields["n"] == 3)
    }

    /// Two chains of attempts on `counters/c`: the older's first attempt begins 1 ms before the
    /// younger's, then the clock moves on 5 ms.
    private struct TwoChains {
        let t: TestEngine
        let key: DocumentKey
        let olderFirst: TransactionID
        let youngerFirst: TransactionID

        init() async throws {
            let clock = ManualClock()
            t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, clock: clock))
            key = try t.key("counters/c")
            try await t.commit([.set(key, fields: ["n": 0])])
            olderFirst = try t.engine.beginTransaction(in: t.database)
            clock.advance(byMicroseconds: 1_000)
            youngerFirst = try t.engine.beginTransaction(in: t.database)
            clock.advance(byMicroseconds: 5_000)
        }

        /// Begins a retry of `previous` and reads the document in it.
        func retryAndRead(_ previous: TransactionID) throws -> TransactionID {
            let retry = try t.engine.beginTransaction(in: t.database, options: .readWriteRetry(previous: previous))
            _ = try t.engine.getDocument(key, in: t.database, consistency: .transaction(retry))
            return retry
        }

        /// The younger's commit aborts, the older's lands.
        func expectOlderWins(older: TransactionID, younger: TransactionID) async throws {
            await expectError(.aborted) {
                try await t.engine.commit([.set(key, fields: ["n": 1])], in: t.database, transaction: younger)
            }
            try await t.engine.commit([.set(key, fields: ["n": 2])], in: t.database, transaction: older)
            #expect(try t.get("counters/c")?.fields["n"] == 2)
        }
    }

    /// Two retried chains on one document: the one whose first attempt began earlier takes the
    /// reservation from the younger one (wound-wait), so a chain cannot lose every round.
    @Test func theOlderChainTakesTheReservationFromAYoungerOne() async throws {
        let chains = try await TwoChains()
        let younger = try chains.retryAndRead(chains.youngerFirst)
        // A retry of a retry keeps the chain's age: the id it continues carries it.
        let olderAgain = try chains.t.engine.beginTransaction(
            in: chains.t.database, options: .readWriteRetry(previous: chains.olderFirst))
        let older = try chains.retryAndRead(olderAgain)
        try await chains.expectOlderWins(older: older, younger: younger)
    }

    @Test func aYoungerChainDoesNotTakeTheReservationOfAnOlderOne() async throws {
        let chains = try await TwoChains()
        let older = try chains.retryAndRead(chains.olderFirst)
        let younger = try chains.retryAndRead(chains.youngerFirst)
        try await chains.expectOlderWins(older: older, younger: younger)
    }

    @Test func plainWritesAreNeverBlockedByAReservation() async throws {
        let t = try stillClockEngine()
        let key = try t.key("counters/c")
        let first = try t.engine.beginTransaction(in: t.database)
        let retry = try t.engine.beginTransaction(in: t.database, options: .readWriteRetry(previous: first))
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(retry))
        try await t.commit([.set(key, fields: ["n": 9])])
        #expect(try t.get("counters/c")?.fields["n"] == 9)
        await expectError(.aborted) {
            try await t.engine.commit([.set(key, fields: ["n": 1])], in: t.database, transaction: retry)
        }
    }
}

@Suite("Queries and aggregations at a past time")
struct PointInTimeQueryTests {
    @Test func queryAtReadTimeSeesDeletedUpdatedAndNotYetCreatedDocumentsAsTheyWere() async throws {
        let t = try stillClockEngine()
        try await t.commit([
            .set(try t.key("c/a"), fields: ["n": 1]), .set(try t.key("c/b"), fields: ["n": 2]),
            .set(try t.key("c/c"), fields: ["n": 3]), .set(try t.key("other/x"), fields: ["n": 1]),
        ])
        let then = t.engine.latestCommitTime
        try await t.commit([.delete(try t.key("c/a"))])
        try await t.commit([.set(try t.key("c/b"), fields: ["n": 20])])
        try await t.commit([.set(try t.key("c/d"), fields: ["n": 4]), .delete(try t.key("other/x"))])

        let query = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.p("n"))])
        let past = try await t.engine.runQuery(query, in: t.database, consistency: .readTime(then))
        #expect(past.map(\.key.documentID) == ["a", "b", "c"])
        #expect(past.map { $0.fields["n"] } == [1, 2, 3])
        let now = try await t.engine.runQuery(query, in: t.database)
        #expect(now.map(\.key.documentID) == ["c", "d", "b"])

        let count = try await t.engine.runAggregation(
            StructuredQuery(collectionID: "c"), aggregations: [Aggregation(.sum(.p("n")), alias: "s")], in: t.database,
            consistency: .readTime(then))
        #expect(count["s"] == 6)
    }

    @Test func readOnlyTransactionQueriesSeeItsSnapshot() async throws {
        let t = try stillClockEngine()
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 1])])
        let id = try t.engine.beginTransaction(in: t.database, options: .readOnly(readTime: nil))
        try await t.commit([.set(try t.key("c/b"), fields: ["n": 2]), .delete(try t.key("c/a"))])
        let seen = try await t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database, consistency: .transaction(id))
        #expect(seen.map(\.key.documentID) == ["a"])
    }

    @Test func readWriteTransactionQueriesRecordTheirResults() async throws {
        let t = try stillClockEngine()
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 1])])
        let id = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database, consistency: .transaction(id))
        try await t.commit([.set(try t.key("c/a"), fields: ["n": 2])])
        await expectError(.aborted) {
            try await t.engine.commit([.set(try t.key("c/z"), fields: [:])], in: t.database, transaction: id)
        }
    }
}

/// An engine whose clock stands still unless a test moves it: transactions expire after 60 s of
/// idleness on the engine's clock, and a loaded runner must not make them expire mid-test.
func stillClockEngine() throws -> TestEngine {
    try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, clock: ManualClock()))
}
