import Foundation
import LMDB
import Testing
@testable import HearthCore

/// A catch-up with more index writes than one nested transaction takes (`IndexWrites.nestedChunk`)
/// is written in several child transactions: the index it leaves must be exactly the one an engine
/// that indexes as it goes builds from the same commits.
@Suite("Long index catch-ups")
struct LongCatchUpTests {
    /// Every entry of the single-field and composite index tables, in key order.
    static func indexContents(_ t: TestEngine) throws -> [[UInt8]] {
        try t.engine.read { txn in
            var entries: [[UInt8]] = []
            for table in [t.engine.store.tables.index, t.engine.store.tables.composite] {
                try txn.scan(in: table, from: nil, to: nil) { key, value in
                    entries.append(Array(key) + [0xFF] + Array(value))
                    return true
                }
            }
            return entries
        }
    }

    /// Document `n`'s fields as the workload's step `generation` writes them (each step changes
    /// its integer, string and one array element, so a changed document deletes and adds entries).
    static func document(_ n: Int, generation: Int) -> [String: Value] {
        [
            "n": .integer(Int64((n * 7_919 + generation) % 10_007)),
            "s": .string("s\(n % 97)-\(generation)"),
            "tags": .array([.string("t\(n % 13)"), .string("g\(generation)")]),
            "m": .map(["a": .double(Double(n) / 3), "b": .boolean(n % 2 == 0)]),
        ]
    }

    /// Sets 1,500 documents (ids out of name order), then changes a third, deletes 200 and adds
    /// 300 more; `query` runs after each step (the deferring engine catches up there).
    static func workload(_ t: TestEngine, query: (TestEngine) throws -> Void) async throws {
        let ids = (0..<1_500).map { ($0 * 613) % 1_500 }
        try await t.commit(try ids.map { .set(try t.key("c/d\($0)"), fields: document($0, generation: 0)) })
        try query(t)
        try await t.commit(try (0..<500).map { .set(try t.key("c/d\($0 * 3)"), fields: document($0 * 3, generation: 1)) })
        try await t.commit(try (0..<200).map { .delete(try t.key("c/d\($0 * 7 + 1)")) })
        try await t.commit(try (1_500..<1_800).map { .set(try t.key("c/d\($0)"), fields: document($0, generation: 2)) })
        try query(t)
    }

    @Test func aCatchUpInSeveralChildTransactionsLeavesTheIndexAnImmediateOneWould() async throws {
        let clock = ManualClock()
        let deferring = try TestEngine(options: DeferredIndexTests.deferringOptions(clock: clock))
        let immediate = try TestEngine(
            options: EngineOptions(durability: .none, initialMapSize: 64 << 20, deferredIndexThreshold: 0))
        var entriesAfterCatchUp: [Int] = []
        try await Self.workload(deferring) { t in
            #expect(try DeferredIndexTests.isBehind(t))
            _ = try t.engine.runQuery(DeferredIndexTests.byN(0), in: t.database)
            #expect(try !DeferredIndexTests.isBehind(t))
            entriesAfterCatchUp.append(try Self.indexContents(t).count)
            DeferredIndexTests.letDemandLapse(clock)  // so that the next commits defer again
        }
        try await Self.workload(immediate) { t in
            let behind = try DeferredIndexTests.isBehind(t)
            #expect(!behind)
        }
        // The first catch-up wrote every entry of 1,500 documents: several child transactions.
        #expect(entriesAfterCatchUp.count == 2)
        #expect(entriesAfterCatchUp.first ?? 0 > 3 * IndexWrites.nestedChunk)
        #expect(try Self.indexContents(deferring) == Self.indexContents(immediate))
        #expect(try deferring.engine.verify().isHealthy)
        let changed = Set((0..<500).map { $0 * 3 }).subtracting((0..<200).map { $0 * 7 + 1 })
        let found = try await deferring.engine.runQuery(DeferredIndexTests.tagged("g1"), in: deferring.database)
        #expect(Set(found.map(\.key.path.description)) == Set(changed.map { "c/d\($0)" }))
    }
}
