import Foundation
import HearthCore
import HearthServer
import LMDB

/// The engine workloads of issue "The engine" and their raw-LMDB baselines.
enum EngineWorkloads {
    static func run(scale: BenchScale) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let database = try DatabaseID(project: "bench")
        let documents = (0..<scale.documents).map { BenchData.document(index: $0) }
        let keys = try documents.indices.map { try DocumentKey(validating: "items/\(BenchData.id($0))") }

        // Raw LMDB: the same keys and value bytes the engine stores, in transactions of the same size.
        // Raw and engine loads alternate for `rounds` rounds, each into a fresh directory, and each
        // side keeps its best time, so a burst of other load on the machine does not skew the ratio.
        let entries = zip(keys, documents).map { key, fields in (BenchData.storageKey(key), BenchData.storedBytes(fields)) }
        // The raw side also puts every index entry the engine writes for each document (same keys
        // and bytes), so the ratio compares equal work: ~30 keys per document, not one.
        let indexEntries = zip(keys, documents).map { key, fields in
            IndexEntries.entries(key: key, fields: fields, db: 1, collection: 1).map { ($0.key, $0.value) }
        }
        var rawLoad = Double.infinity
        var loadSeconds = Double.infinity
        var raw: RawLMDB?
        var loaded: Engine?
        for round in 0..<scale.rounds {
            raw?.close()
            loaded?.close()
            let rawRound = try RawLMDB(path: root + "/raw\(round)", keysAndValues: entries, indexEntries: indexEntries)
            rawLoad = min(rawLoad, try rawRound.bulkLoad(batch: scale.batch))
            raw = rawRound
            let engineRound = try Engine(directory: root + "/engine\(round)")
            let (_, seconds) = try await Stopwatch.time {
                var start = 0
                while start < documents.count {
                    let end = min(start + scale.batch, documents.count)
                    let writes = (start..<end).map { Write.set(keys[$0], fields: documents[$0]) }
                    _ = try await engineRound.commit(writes, in: database)
                    start = end
                }
                // Bulk commits defer their index entries; the load counts until a query sees them,
                // so both sides have written every entry.
                var newest = StructuredQuery(collectionID: "items")
                newest.orderBy = [QueryOrder(FieldPath(uncheckedSegments: ["createdAt"]), descending: true)]
                newest.limit = 1
                guard try engineRound.runQuery(newest, in: database).count == 1 else {
                    throw BenchFailure(description: "the bulk-loaded documents are not queryable")
                }
            }
            loadSeconds = min(loadSeconds, seconds)
            loaded = engineRound
        }
        guard let raw, let engine = loaded else { throw BenchFailure(description: "no rounds ran") }
        defer {
            raw.close()
            engine.close()
        }
        var results: [BenchResult] = []
        print("bulk load: \(raw.keyCount) keys for \(scale.documents) documents, on both sides")
        results.append(BenchResult(name: "raw mdb_put bulk load", ops: scale.documents, seconds: rawLoad, baseline: nil))
        results.append(BenchResult(
            name: "engine bulk load (batches of \(scale.batch), ~10 fields)", ops: scale.documents,
            seconds: loadSeconds, baseline: "raw mdb_put bulk load"))

        var generator = SplitMix64(seed: 42)
        let order = (0..<scale.pointGets).map { _ in Int(generator.next() % UInt64(scale.documents)) }
        var rawGet = Double.infinity
        var getSeconds = Double.infinity
        for _ in 0..<scale.rounds {
            rawGet = min(rawGet, try raw.pointGets(order: order))
            let (found, seconds) = try Stopwatch.time {
                var found = 0
                for index in order where try engine.getDocument(keys[index], in: database) != nil { found += 1 }
                return found
            }
            guard found == order.count else { throw BenchFailure(description: "point gets found \(found) of \(order.count)") }
            getSeconds = min(getSeconds, seconds)
        }
        results.append(BenchResult(name: "raw mdb_get point reads", ops: order.count, seconds: rawGet, baseline: nil))
        results.append(BenchResult(name: "engine getDocument point reads", ops: order.count, seconds: getSeconds, baseline: "raw mdb_get point reads"))

        let rawCommits = try raw.durableSinglePuts(count: scale.sequentialCommits)
        results.append(BenchResult(
            name: "raw durable one-put transactions", ops: scale.sequentialCommits, seconds: rawCommits, baseline: nil))
        let (_, sequentialSeconds) = try await Stopwatch.time {
            for i in 0..<scale.sequentialCommits {
                let key = try DocumentKey(validating: "sequential/\(BenchData.id(i))")
                _ = try await engine.commit([.set(key, fields: BenchData.document(index: i))], in: database)
            }
        }
        let sequentialName = "engine sequential durable single-document commits"
        results.append(BenchResult(
            name: sequentialName, ops: scale.sequentialCommits, seconds: sequentialSeconds,
            baseline: "raw durable one-put transactions"))

        let committers = scale.concurrentCommitters
        let perCommitter = scale.commitsPerCommitter
        let (_, concurrentSeconds) = try await Stopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for committer in 0..<committers {
                    group.addTask {
                        for i in 0..<perCommitter {
                            let key = try DocumentKey(validating: "concurrent/c\(committer)-\(i)")
                            _ = try await engine.commit([.set(key, fields: BenchData.document(index: i))], in: database)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        results.append(BenchResult(
            name: "engine \(committers) concurrent committers (group commit)", ops: committers * perCommitter,
            seconds: concurrentSeconds, baseline: sequentialName))
        return results.withRatios()
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// A small deterministic random generator (the wire workloads' SplitMix64).
typealias SplitMix64 = WireBenchRandom
