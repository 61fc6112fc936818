import Foundation
import LMDB
import Testing
@testable import HearthCore

/// A load into a new directory builds its whole index at once by sorting (`IndexBulkBuild`): the
/// `index` and `composite` tables it leaves must be exactly those of an engine that indexed every
/// commit as it went, whether the build runs when a query first needs the index or at close, and
/// however many runs the sort spills.
@Suite("Index built after a load")
struct IndexBulkBuildTests {
    /// A composite index on the workload's collection, so composite entries are built too.
    static let composite = """
        { "indexes": [ { "collectionGroup": "c", "queryScope": "COLLECTION",
            "fields": [ { "fieldPath": "s", "order": "ASCENDING" }, { "fieldPath": "n", "order": "DESCENDING" } ] } ] }
        """

    /// Options of an engine that indexes as it goes, or — `afterLoad` — one in a load's mode.
    static func options(afterLoad: Bool) throws -> EngineOptions {
        var options = EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: composite),
            deferredIndexThreshold: afterLoad ? 256 : 0)
        options.indexesAfterLoad = afterLoad
        return options
    }

    /// The composite query the workload's index answers: `s == "s5-0"` ordered by `n` descending.
    static func bySAndN() -> StructuredQuery {
        var query = StructuredQuery(collectionID: "c")
        query.filter = .field(.p("s"), .equal, .string("s5-0"))
        query.orderBy = [QueryOrder(.p("n"), descending: true)]
        return query
    }

    @Test func aQueryInTheMiddleOfALoadBuildsTheIndexAnEngineIndexingAsItGoesHas() async throws {
        let loading = try TestEngine(options: Self.options(afterLoad: true))
        let immediate = try TestEngine(options: Self.options(afterLoad: false))
        var steps = 0
        try await LongCatchUpTests.workload(loading) { t in
            // The first step's commit left the whole index behind, and the query builds it; the
            // load's later commits index (or defer and catch up) as any engine's do.
            if steps == 0 {
                let behind = try DeferredIndexTests.isBehind(t)
                #expect(behind)
            }
            let found = try t.engine.runQuery(DeferredIndexTests.tagged("t5"), in: t.database)
            #expect(!found.isEmpty)
            #expect(try !DeferredIndexTests.isBehind(t))
            steps += 1
        }
        try await LongCatchUpTests.workload(immediate) { _ in }
        #expect(try LongCatchUpTests.indexContents(loading) == LongCatchUpTests.indexContents(immediate))
        #expect(try loading.engine.verify().isHealthy)
        let ordered = try await loading.engine.runQuery(Self.bySAndN(), in: loading.database)
        #expect(!ordered.isEmpty)
        #expect(ordered.map(\.key) == (try await immediate.engine.runQuery(Self.bySAndN(), in: immediate.database)).map(\.key))
    }

    @Test func aLoadThatNoQueryInterruptsIsIndexedWhenTheEngineCloses() async throws {
        let loading = try TestEngine(options: Self.options(afterLoad: true))
        let immediate = try TestEngine(options: Self.options(afterLoad: false))
        try await LongCatchUpTests.workload(loading) { t in
            let behind = try DeferredIndexTests.isBehind(t)
            #expect(behind, "no reader asked, so nothing is indexed yet")
        }
        try await LongCatchUpTests.workload(immediate) { _ in }
        try loading.reopen(options: Self.options(afterLoad: false))
        #expect(try !DeferredIndexTests.isBehind(loading))
        #expect(try LongCatchUpTests.indexContents(loading) == LongCatchUpTests.indexContents(immediate))
        #expect(try loading.engine.verify().isHealthy)
    }

    @Test(arguments: [
        (runEntries: 97, appendEntries: 1_000, batchBytes: 24 << 20), (runEntries: 5_000, appendEntries: 313, batchBytes: 24 << 20),
        (runEntries: 1 << 20, appendEntries: 4_096, batchBytes: 24 << 20), (runEntries: 1 << 20, appendEntries: 4_096, batchBytes: 20_000),
    ])
    func runsSpilledAndMergedGiveTheSameTables(runEntries: Int, appendEntries: Int, batchBytes: Int) async throws {
        let t = try TestEngine(options: Self.options(afterLoad: false))
        try await LongCatchUpTests.workload(t) { _ in }
        let before = try LongCatchUpTests.indexContents(t)
        #expect(before.count > 5_000, "enough entries for several runs")
        var build = IndexBulkBuild(store: t.engine.store, environment: t.engine.environment)
        build.runEntries = runEntries
        build.appendEntries = appendEntries
        build.batchBytes = batchBytes
        let written = try build.run()
        #expect(try LongCatchUpTests.indexContents(t) == before)
        #expect(written > 0 && written < before.count, "the composite entries are counted apart")
        #expect(!FileManager.default.fileExists(atPath: t.engine.environment.path + "/hearth-index-build"))
        #expect(try t.engine.verify().isHealthy)
    }

    @Test func runFilesGiveBackTheirEntriesAndACutOneIsAnErrorNotAShortRun() throws {
        let root = NSTemporaryDirectory() + "hearth-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Three runs of keys that interleave, one of them with keys that are prefixes of others,
        // and values of 0–6 bytes (an empty one too); the merge must give all of them in order.
        var expected: [(key: [UInt8], value: [UInt8])] = []
        var paths: [String] = []
        for run in 0..<3 {
            var arena = IndexEntryArena()
            for n in stride(from: run, to: 900, by: 3) {
                let key = Array("k\(n % 2 == 0 ? "" : "-")\(n)".utf8) + (run == 2 ? [] : [0xFF])
                let value = [UInt8](repeating: UInt8(n & 0xFF), count: n % 7)
                key.withUnsafeBytes { k in value.withUnsafeBytes { v in arena.add(key: k, value: v) } }
                expected.append((key, value))
            }
            arena.sort()
            let path = root + "/run-\(run)"
            try IndexRunFile.write(arena, to: path)
            paths.append(path)
        }
        expected.sort { IndexEntries.compare($0.key, $1.key) < 0 }
        var merge = try IndexRunMerge(paths: paths)
        var read: [(key: [UInt8], value: [UInt8])] = []
        while try merge.next({ key, value in read.append((Array(key), Array(value))) }) {}
        #expect(read.map(\.key) == expected.map(\.key))
        #expect(read.map(\.value) == expected.map(\.value))

        let whole = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        try whole.prefix(whole.count - 3).write(to: URL(fileURLWithPath: paths[0]))
        let reader = try IndexRunReader(path: paths[0], bufferBytes: 4096)
        #expect {
            while try reader.advance() {}
        } throws: { error in
            (error as? FirestoreError)?.code == .internal && ((error as? FirestoreError)?.message.contains("ends inside an entry") ?? false)
        }
    }

    @Test func anEntryLargerThanTheReadersBufferComesBackWhole() throws {
        let root = NSTemporaryDirectory() + "hearth-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var arena = IndexEntryArena()
        let large = (0..<20_000).map { UInt8($0 % 251) }
        for (key, value) in [("a", [UInt8(1)]), ("b", large), ("c", [])] {
            Array(key.utf8).withUnsafeBytes { k in value.withUnsafeBytes { v in arena.add(key: k, value: v) } }
        }
        let path = root + "/run-0"
        try IndexRunFile.write(arena, to: path)
        let reader = try IndexRunReader(path: path, bufferBytes: 4096)
        var values: [[UInt8]] = []
        while try reader.advance() { _ = reader.withCurrent { _, value in values.append(Array(value)) } }
        #expect(values == [[1], large, []])
    }
}
