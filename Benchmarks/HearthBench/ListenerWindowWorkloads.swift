import BenchSupport
import Foundation
import HearthCore
import Synchronization

/// A whole-collection query listener whose window grows large: `documents` random-ID documents
/// (as auto-IDs are) committed in 500-document batches while it listens, against the same commits
/// with no listener; and the first snapshot of a collection that already holds them, against
/// running the same query. Both measure the listener's window upkeep, which must not grow with
/// the square of the window (non-durable commits, so fsync does not hide it).
enum ListenerWindowWorkloads {
    /// Rows named by the document count, so runs of one scale can be tracked.
    static func run(scale: BenchScale) async throws -> [BenchResult] {
        let count = scale.documents
        let noListener = "\(count) random-ID documents in 500-document batches, no listener"
        let withListener = "\(count) random-ID documents in 500-document batches, whole-collection listener (until it saw all)"
        let query = "query of the whole \(count)-document collection (the first snapshot's baseline)"
        let snapshot = "first snapshot of a listener on the whole \(count)-document collection"
        var results: [BenchResult] = []
        for listening in [false, true] {
            let seconds = try await fill(documents: count, batch: scale.batch, listening: listening)
            results.append(BenchResult(
                name: listening ? withListener : noListener, ops: count, seconds: seconds, baseline: listening ? noListener : nil))
        }
        let (querySeconds, snapshotSeconds) = try await firstSnapshot(documents: count, batch: scale.batch)
        results.append(BenchResult(name: query, ops: count, seconds: querySeconds, baseline: nil))
        results.append(BenchResult(name: snapshot, ops: count, seconds: snapshotSeconds, baseline: query))
        return results.withRatios()
    }

    /// Seconds to commit `documents` random-ID documents in batches; with `listening`, until a
    /// whole-collection listener has them all.
    static func fill(documents: Int, batch: Int, listening: Bool) async throws -> Double {
        try await withScratchEngine(name: "window") { engine, database in
            let seen = Mutex(0)
            let handle = listening
                ? try engine.listen(StructuredQuery(collectionID: "feed"), in: database) { result in
                    if case .success(let event) = result { seen.withLock { $0 = event.documentCount } }
                }
                : nil
            defer { handle?.cancel() }
            var random = SystemRandomNumberGenerator()
            let (_, seconds) = try await Stopwatch.time {
                try await commitRandomDocuments(documents, batch: batch, into: engine, database, random: &random)
                while listening && seen.withLock({ $0 }) < documents { try await Task.sleep(nanoseconds: 200_000) }
            }
            return seconds
        }
    }

    /// Seconds to run the whole-collection query, then seconds until a listener on it has its
    /// first snapshot (every document `added`, with its index), on a collection of `documents`.
    static func firstSnapshot(documents: Int, batch: Int) async throws -> (query: Double, snapshot: Double) {
        try await withScratchEngine(name: "snapshot") { engine, database in
            var random = SystemRandomNumberGenerator()
            try await commitRandomDocuments(documents, batch: batch, into: engine, database, random: &random)
            let query = StructuredQuery(collectionID: "feed")
            let (found, querySeconds) = try Stopwatch.time { try engine.runQuery(query, in: database).count }
            guard found == documents else { throw BenchFailure(description: "the query found \(found) of \(documents) documents") }
            let changes = Mutex(0)
            let (_, snapshotSeconds) = try await Stopwatch.time {
                let handle = try engine.listen(query, in: database) { result in
                    if case .success(let event) = result { changes.withLock { $0 = event.changes.count } }
                }
                defer { handle.cancel() }
                while changes.withLock({ $0 }) < documents { try await Task.sleep(nanoseconds: 200_000) }
            }
            return (querySeconds, snapshotSeconds)
        }
    }

    /// Commits `count` documents with 20-character random IDs, `batch` to a commit.
    private static func commitRandomDocuments(
        _ count: Int, batch: Int, into engine: Engine, _ database: DatabaseID, random: inout SystemRandomNumberGenerator
    ) async throws {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var written = 0
        while written < count {
            var writes: [Write] = []
            for index in written..<min(written + batch, count) {
                let id = String((0..<20).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
                let key = try DocumentKey(validating: "feed/\(id)")
                writes.append(.set(key, fields: ["n": .integer(Int64(index)), "group": .integer(Int64(index % 17))]))
            }
            _ = try await engine.commit(writes, in: database)
            written += writes.count
        }
    }

    /// Runs `body` on a non-durable engine in a fresh temporary directory, removed afterwards.
    private static func withScratchEngine<R>(
        name: String, _ body: (Engine, DatabaseID) async throws -> R
    ) async throws -> R {
        let root = NSTemporaryDirectory() + "hearth-bench-\(name)-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { engine.close() }
        return try await body(engine, try DatabaseID(project: "bench"))
    }
}
