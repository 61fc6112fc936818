import Foundation
import Testing
@testable import HearthCore
import LMDB

@Suite("Persistence, databases and listings")
struct PersistenceAndListingTests {
    @Test func documentsSurviveCloseAndReopen() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .full, initialMapSize: 64 << 20))
        let result = try await t.commit([.set(try t.key("users/alice"), fields: ["n": 1, "t": .timestamp(Timestamp(microseconds: 5))])])
        try t.reopen()
        let doc = try #require(try t.get("users/alice"))
        #expect(doc.fields == ["n": 1, "t": .timestamp(Timestamp(microseconds: 5))])
        #expect(doc.updateTime == result.commitTime)
        let later = try await t.commit([.set(try t.key("users/bob"), fields: [:])])
        #expect(later.commitTime > result.commitTime, "commit times keep increasing across restarts")
    }

    @Test func batchDurabilitySkipsOnlyTheMetaSyncAndKeepsEveryCommit() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .batch, initialMapSize: 64 << 20))
        let skipped = try t.engine.environment.skippedSyncs()
        #expect(skipped.metaPage && !skipped.dataPages)
        for index in 0..<20 { try await t.commit([.set(try t.key("c/d\(index)"), fields: ["n": .integer(Int64(index))])]) }
        try t.engine.sync()
        try await t.commit([.set(try t.key("c/last"), fields: [:])])
        try t.reopen(options: EngineOptions(durability: .full, initialMapSize: 64 << 20))
        await #expect(try t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database).count == 21)
        #expect(try t.engine.environment.skippedSyncs().metaPage == false, "reopened with the default durability")
    }

    @Test func databasesAreIsolated() async throws {
        let t = try TestEngine()
        let other = try DatabaseID(project: "test-project", database: "second-db")
        let otherProject = try DatabaseID(project: "another-project")
        let key = try t.key("c/d")
        try await t.engine.commit([.set(key, fields: ["db": "default"])], in: t.database)
        try await t.engine.commit([.set(key, fields: ["db": "second"])], in: other)
        #expect(try await t.engine.getDocument(key, in: t.database)?.fields["db"] == "default")
        #expect(try await t.engine.getDocument(key, in: other)?.fields["db"] == "second")
        #expect(try await t.engine.getDocument(key, in: otherProject) == nil)
    }

    @Test func getDocumentsReportsMissingInOrder() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/b"), fields: ["x": 1])])
        let results = try await t.engine.getDocuments([try t.key("c/a"), try t.key("c/b"), try t.key("z/z")], in: t.database)
        #expect(results.map(\.key.documentID) == ["a", "b", "z"])
        #expect(results.map { $0.document != nil } == [false, true, false])
    }

    @Test func subcollectionsCreateMissingParentsForListing() async throws {
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("Chats/alice/bob/m1"), fields: ["text": "hi"]),
            .set(try t.key("Chats/carol"), fields: ["real": true]),
        ])
        let chats = try ResourcePath(validating: "Chats")
        let plain = try t.engine.listDocuments(in: t.database, collection: chats)
        #expect(plain.items.map(\.key.documentID) == ["carol"])
        let withMissing = try t.engine.listDocuments(in: t.database, collection: chats, showMissing: true)
        #expect(withMissing.items.map(\.key.documentID) == ["alice", "carol"])
        #expect(withMissing.items[0].document == nil)
        #expect(try t.get("Chats/alice") == nil, "a missing parent is not a document")
        #expect(try t.engine.listCollectionIDs(in: t.database, parent: try t.key("Chats/alice")).items == ["bob"])
        #expect(try t.engine.listCollectionIDs(in: t.database, parent: nil).items == ["Chats"])

        try await t.commit([.delete(try t.key("Chats/alice/bob/m1"))])
        #expect(try t.engine.listDocuments(in: t.database, collection: chats, showMissing: true).items.map(\.key.documentID) == ["carol"])
        #expect(try t.engine.listCollectionIDs(in: t.database, parent: try t.key("Chats/alice")).items.isEmpty)
    }

    @Test func deletingParentWithSubcollectionKeepsItAsMissing() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("a/b"), fields: [:]), .set(try t.key("a/b/c/d"), fields: [:])])
        try await t.commit([.delete(try t.key("a/b"))])
        #expect(try t.get("a/b") == nil)
        #expect(try t.get("a/b/c/d") != nil, "deleting a document does not delete its sub-collections")
        let listed = try t.engine.listDocuments(in: t.database, collection: try ResourcePath(validating: "a"), showMissing: true)
        #expect(listed.items.map(\.key.documentID) == ["b"])
        #expect(listed.items[0].document == nil)
    }

    @Test func listingPagesInIdOrder() async throws {
        let t = try TestEngine()
        let ids = (0..<25).map { String(format: "doc%02d", $0) }.shuffled()
        try await t.commit(try ids.map { .set(try t.key("c/\($0)"), fields: [:]) })
        var seen: [String] = []
        var token: String?
        repeat {
            let page = try t.engine.listDocuments(in: t.database, collection: try ResourcePath(validating: "c"), pageSize: 10, pageToken: token)
            #expect(page.items.count <= 10)
            seen += page.items.map(\.key.documentID)
            token = page.nextPageToken
        } while token != nil
        #expect(seen == ids.sorted())
    }

    @Test func longIDsKeepFullOrderAndRoundTrip() async throws {
        let t = try TestEngine()
        let shared = String(repeating: "p", count: 600)
        let ids = ["zz", shared + "b", shared + "a", shared, String(repeating: "p", count: 440), shared + "c" + String(repeating: "q", count: 800)]
        try await t.commit(try ids.map { .set(try t.key("long/\($0)"), fields: ["id": .string($0)]) })
        for id in ids { #expect(try t.get("long/\(id)")?.fields["id"] == .string(id)) }
        let collection = try ResourcePath(validating: "long")
        let listed = try t.engine.listDocuments(in: t.database, collection: collection)
        let sorted = ids.sorted { String.compareUTF8($0, $1) < 0 }
        #expect(listed.items.map(\.key.documentID) == sorted)
        var paged: [String] = []
        var token: String?
        repeat {
            let page = try t.engine.listDocuments(in: t.database, collection: collection, pageSize: 2, pageToken: token)
            paged += page.items.map(\.key.documentID)
            token = page.nextPageToken
        } while token != nil
        #expect(paged == sorted)
    }

    @Test func listingCollectionIdsPages() async throws {
        let t = try TestEngine()
        try await t.commit(try ["b", "a", "c"].map { .set(try t.key("\($0)/x"), fields: [:]) })
        let first = try t.engine.listCollectionIDs(in: t.database, parent: nil, pageSize: 2)
        #expect(first.items == ["a", "b"])
        let second = try t.engine.listCollectionIDs(in: t.database, parent: nil, pageSize: 2, pageToken: first.nextPageToken)
        #expect(second.items == ["c"])
        #expect(second.nextPageToken == nil)
    }

    @Test func secondOpenOfSameDirectoryFails() async throws {
        let t = try TestEngine()
        #expect(throws: FirestoreError.self) { _ = try Engine(directory: t.directory) }
    }
}

@Suite("Closing")
struct ClosingTests {
    @Test func callsAfterCloseAreUnavailableAndTheDirectoryCanBeReopened() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["v": 1])])
        t.engine.close()
        t.engine.close()
        await expectError(.unavailable) { _ = try t.engine.getDocument(key, in: t.database) }
        await expectError(.unavailable) { try await t.commit([.set(key, fields: ["v": 2])]) }
        try t.reopen()
        #expect(try t.get("c/d")?.fields["v"] == 1)
    }

    @Test func aReleasedEngineClosesItself() throws {
        let directory = NSTemporaryDirectory() + "hearth-release-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do { _ = try Engine(directory: directory, options: EngineOptions(durability: .none, initialMapSize: 16 << 20)) }
        let again = try Engine(directory: directory, options: EngineOptions(durability: .none, initialMapSize: 16 << 20))
        again.close()
    }
}

@Suite("Verify")
struct VerifyTests {
    @Test func aHealthyDirectoryVerifiesAndDamageIsReported() async throws {
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("a/b/c/d"), fields: ["x": 1]), .set(try t.key("a/e"), fields: [:]),
            .set(try t.key("long/" + String(repeating: "z", count: 900)), fields: [:]),
        ])
        try await t.commit([.set(try t.key("a/e"), fields: ["y": 2])])
        let healthy = try t.engine.verify()
        #expect(healthy.isHealthy, "\(healthy.problems)")
        #expect(healthy.documents == 3 && healthy.phantoms == 1 && healthy.historyEntries == 1 && healthy.logEntries == 2)

        // Remove the missing parent's record behind the engine's back: the child is now orphaned.
        let store = t.engine.store
        try t.engine.environment.write { txn in
            let collection = try #require(try store.catalog.collectionNumber(db: 1, path: try ResourcePath(validating: "a"), in: txn))
            #expect(try txn.delete(StorageKeys.document(db: 1, collection: collection, id: "b"), in: store.tables.documents))
        }
        let damaged = try t.engine.verify()
        #expect(!damaged.isHealthy)
        #expect(damaged.problems.contains { $0.contains("a/b/c/d has no record for its parent") })
    }
}

@Suite("Clean shutdown")
struct CleanShutdownTests {
    @Test func noReadTransactionOrCursorOutlivesItsOperation() async throws {
        let t = try TestEngine()
        let key = try t.key("c/a")
        try await t.commit([.set(key, fields: ["n": 1]), .set(try t.key("c/a/s/x"), fields: [:])])
        let then = t.engine.latestCommitTime
        try await t.commit([.set(key, fields: ["n": 2])])
        _ = try await t.engine.getDocuments([key, try t.key("c/none")], in: t.database)
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .readTime(then))
        _ = try t.engine.listDocuments(in: t.database, collection: try ResourcePath(validating: "c"), pageSize: 1, showMissing: true)
        _ = try t.engine.listCollectionIDs(in: t.database, parent: key)
        _ = try await t.engine.runQuery(StructuredQuery(collectionID: "c", filter: .field(.p("n"), .greaterThan, 0)), in: t.database)
        _ = try await t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database, consistency: .readTime(then))
        _ = try await t.engine.runAggregation(StructuredQuery(collectionID: "c"), aggregations: [Aggregation(.count(upTo: nil))], in: t.database)
        let id = try t.engine.beginTransaction(in: t.database)
        _ = try await t.engine.getDocument(key, in: t.database, consistency: .transaction(id))
        try t.engine.rollback(id, in: t.database)
        let handle = try t.engine.listen(StructuredQuery(collectionID: "c"), in: t.database) { _ in }
        handle.cancel()
        _ = try t.engine.verify()
        await expectError(.invalidArgument) { _ = try t.engine.runQuery(StructuredQuery(collectionID: "c", limit: -1), in: t.database) }
        #expect(t.engine.environment.liveReadTransactions == 0)
        #expect(t.engine.environment.liveCursors == 0)
    }
}
