import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Write batches and transactions")
struct BatchAndTransactionTests {
    @Test func batchIsAtomic() async throws {
        let t = try TestFirestore()
        try await t.db.document("c/existing").setData(["v": 1])
        let batch = t.db.batch()
            .setData(["v": 1], forDocument: t.db.document("c/new"))
            .updateData(["v": 2], forDocument: t.db.document("c/missing"))
        await expectFirestoreError(.notFound) { try await batch.commit() }
        #expect(try await !t.db.document("c/new").getDocument().exists, "no write of a failed batch lands")

        try await t.db.batch()
            .setData(["v": 1], forDocument: t.db.document("c/new"))
            .updateData(["v": FieldValue.increment(Int64(5))], forDocument: t.db.document("c/existing"))
            .deleteDocument(t.db.document("c/gone"))
            .commit()
        #expect(try await t.db.document("c/existing").getDocument().get("v") as? Int == 6)
        #expect(try await t.db.document("c/new").getDocument().exists)
    }

    @Test func twoConcurrentTransactionsIncrementingOneCounterReach200() async throws {
        let t = try TestFirestore()
        let counter = t.db.document("counters/shared")
        try await counter.setData(["n": 0])
        let db = t.db
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<100 {
                        try await db.runTransaction { transaction in
                            let snapshot = try transaction.getDocument(counter)
                            let n = snapshot.get("n") as? Int ?? 0
                            transaction.updateData(["n": n + 1], forDocument: counter)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await counter.getDocument().get("n") as? Int == 200)
    }

    @Test func readsMustComeBeforeWrites() async throws {
        let t = try TestFirestore()
        let doc = t.db.document("c/d")
        await expectFirestoreError(.invalidArgument) {
            try await t.db.runTransaction { transaction in
                transaction.setData(["a": 1], forDocument: doc)
                _ = try transaction.getDocument(doc)
            }
        }
        #expect(try await !doc.getDocument().exists, "a failed transaction writes nothing")
    }

    @Test func blockErrorsAbortWithoutRetryAndWriteNothing() async throws {
        struct Stop: Error {}
        let t = try TestFirestore()
        let doc = t.db.document("c/d")
        let attempts = Counter()
        do {
            try await t.db.runTransaction { transaction in
                attempts.increment()
                transaction.setData(["a": 1], forDocument: doc)
                throw Stop()
            }
            Issue.record("the block's error must propagate")
        } catch is Stop {}
        #expect(attempts.value == 1)
        #expect(try await !doc.getDocument().exists)
    }

    @Test func transactionReturnsTheBlocksResult() async throws {
        let t = try TestFirestore()
        try await t.db.document("c/d").setData(["name": "x"])
        let name = try await t.db.runTransaction { transaction in
            try transaction.getDocument(t.db.document("c/d")).get("name") as? String
        }
        #expect(name == "x")
    }

    @Test func invalidWriteInTransactionFailsWithoutRetry() async throws {
        let t = try TestFirestore()
        let attempts = Counter()
        await expectFirestoreError(.invalidArgument) {
            try await t.db.runTransaction { transaction in
                attempts.increment()
                transaction.setData(["a": [[1]]], forDocument: t.db.document("c/d"))
            }
        }
        #expect(attempts.value == 1)
    }
}

/// A counter a non-escaping block can bump.
final class Counter: @unchecked Sendable {
    // Only touched from one task at a time in these tests.
    private(set) var value = 0
    func increment() { value += 1 }
}
