import Foundation
import LMDB
import Testing
@testable import HearthCore

/// `Engine.openForLoad`: a load into a new directory commits without syncing, guarded by a marker
/// file that only a successful closing sync removes; a directory still holding the marker refuses
/// to open; a directory with data is loaded with per-commit syncs as before.
@Suite("Unsynced loads into a new directory")
struct UnsyncedLoadTests {
    let root = NSTemporaryDirectory() + "hearth-load-" + UUID().uuidString
    let database: DatabaseID
    var marker: String { root + "/" + UnfinishedLoadMarker.fileName }

    init() throws { database = try DatabaseID(project: "load") }

    /// Commits `count` documents `c/<prefix><i>` through `engine`.
    func load(_ engine: Engine, count: Int, prefix: String) async throws {
        let writes = try (0..<count).map { index in
            Write.set(try DocumentKey(validating: "c/\(prefix)\(index)"), fields: ["n": .integer(Int64(index))])
        }
        try await engine.commit(writes, in: database)
    }

    /// How many documents `c` holds, read by an engine opened the ordinary way.
    func reopenedCount() throws -> Int {
        let engine = try Engine(directory: root)
        defer { engine.close() }
        return try engine.runQuery(StructuredQuery(collectionID: "c"), in: database).count
    }

    @Test func aNewDirectoryLoadsUnsyncedUnderAMarkerThatTheClosingSyncRemoves() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine.openForLoad(directory: root)
        #expect(FileManager.default.fileExists(atPath: marker), "the marker is written before the first commit")
        let skipped = try engine.environment.skippedSyncs()
        #expect(skipped.dataPages && skipped.metaPage, "commits of a new directory's load are not synced")
        try await load(engine, count: 300, prefix: "a")
        #expect(FileManager.default.fileExists(atPath: marker))
        try engine.finishLoad()
        #expect(!FileManager.default.fileExists(atPath: marker), "the closing sync removes the marker")
        #expect(try reopenedCount() == 300)
    }

    @Test func aDirectoryHoldingTheMarkerRefusesToOpen() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let engine = try Engine.openForLoad(directory: root)
            try await load(engine, count: 10, prefix: "a")
            try engine.finishLoad()
        }
        // What a crash between the first commit and the closing sync leaves behind.
        try UnfinishedLoadMarker(directory: root).create()
        for open in [{ try Engine(directory: root) }, { try Engine.openForLoad(directory: root) }] {
            #expect {
                _ = try open()
            } throws: { error in
                guard let error = error as? FirestoreError else { return false }
                return error.code == .failedPrecondition && error.message.contains("did not finish")
                    && error.message.contains(marker)
            }
        }
        try FileManager.default.removeItem(atPath: marker)
        #expect(try reopenedCount() == 10, "without the marker the directory opens as it is")
    }

    @Test func closingWithoutFinishingStillSyncsAndRemovesTheMarker() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine.openForLoad(directory: root)
        try await load(engine, count: 50, prefix: "a")
        engine.close()  // what an interrupted import does on its way out
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(try reopenedCount() == 50)
        #expect(throws: FirestoreError.self) { try engine.finishLoad() }
    }

    @Test func aDirectoryWithDataLoadsWithSyncedBatchesAndNoMarker() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let engine = try Engine.openForLoad(directory: root)
            try await load(engine, count: 20, prefix: "a")
            try engine.finishLoad()
        }
        let engine = try Engine.openForLoad(directory: root)
        #expect(!FileManager.default.fileExists(atPath: marker), "a directory with data is never left unsynced")
        let skipped = try engine.environment.skippedSyncs()
        #expect(!skipped.dataPages && skipped.metaPage, "Durability.batch")
        try await load(engine, count: 30, prefix: "b")
        try engine.finishLoad()
        #expect(try reopenedCount() == 50)
    }

    /// A load's commits make no in-flight marks (they only make a retried transaction wait);
    /// a transaction on the loading engine must still lose to a commit that changed what it read.
    @Test func aTransactionOnALoadingEngineStillAbortsWhenWhatItReadChanged() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine.openForLoad(directory: root)
        try await load(engine, count: 5, prefix: "a")
        let key = try DocumentKey(validating: "c/a2")
        let first = try engine.beginTransaction(in: database)
        try engine.rollback(first, in: database)
        let retry = try engine.beginTransaction(in: database, options: .readWriteRetry(previous: first))
        let seen = try await engine.getDocument(key, in: database, consistency: .transaction(retry))
        #expect(seen?.fields["n"] == .integer(2))
        try await engine.commit([.set(key, fields: ["n": .integer(20)])], in: database)
        await expectError(.aborted) {
            try await engine.commit([.set(key, fields: ["n": .integer(3)])], in: database, transaction: retry)
        }
        #expect(try await engine.getDocument(key, in: database)?.fields["n"] == .integer(20))
        try engine.finishLoad()
    }
}
