import HearthTestSupport
import BenchSupport
import Foundation
import HearthCore
import HearthServer
import LMDB

/// Issue "Queries": indexed queries at two collection sizes, each beside a raw-LMDB read of the
/// same number of entries and a full-scan evaluation of the same query, and `count` from the index
/// beside a raw cursor walk over as many entries.
enum QueryWorkloads {
    /// One query workload: its name and the query.
    struct Case {
        let name: String
        let query: StructuredQuery
    }

    static func field(_ name: String) -> FieldPath { FieldPath(uncheckedSegments: [name]) }

    static let cases: [Case] = [
        Case(
            name: "equality city == X limit 20",
            query: StructuredQuery(
                collectionID: "rooms", filter: .field(field("city"), .equal, .string("Bilbao")), limit: 20)),
        Case(
            name: "range price >= 5000 limit 20",
            query: StructuredQuery(
                collectionID: "rooms", filter: .field(field("price"), .greaterThanOrEqual, .integer(5_000)), limit: 20)),
        Case(
            name: "merge join city == X && available limit 20",
            query: StructuredQuery(
                collectionID: "rooms",
                filter: .composite(.and, [
                    .field(field("city"), .equal, .string("Bilbao")), .field(field("available"), .equal, .boolean(true)),
                ]),
                limit: 20)),
    ]

    /// A five-field listing document (~100 bytes encoded, 11 index entries).
    static func document(index: Int) -> [String: Value] {
        var generator = SplitMix64(seed: UInt64(index) &* 31 &+ 7)
        return [
            "city": .string(["Madrid", "Sevilla", "Valencia", "Bilbao", "Granada", "Malaga", "Murcia", "Zaragoza"][index % 8]),
            "price": .integer(Int64(generator.next() % 10_000)),
            "available": .boolean(index % 3 == 0),
            "owner": .string("user\(index % 5_000)"),
            "createdAt": .timestamp(Timestamp(microseconds: 1_700_000_000_000_000 + Int64(index) * 1_000)),
        ]
    }

    /// Commits `size` listing documents (`rooms/…`) in batches of 5,000 and returns the raw
    /// key/value pairs of the same documents, for the raw-LMDB baseline.
    static func load(_ size: Int, into engine: Engine, database: DatabaseID) async throws -> [([UInt8], [UInt8])] {
        var entries: [([UInt8], [UInt8])] = []
        entries.reserveCapacity(size)
        var start = 0
        while start < size {
            let end = min(start + 5_000, size)
            var writes: [Write] = []
            for index in start..<end {
                let key = try DocumentKey(validating: "rooms/\(BenchData.id(index))")
                let fields = document(index: index)
                writes.append(.set(key, fields: fields))
                entries.append((BenchData.storageKey(key), BenchData.storedBytes(fields)))
            }
            _ = try await engine.commit(writes, in: database)
            start = end
        }
        return entries
    }

    static func run(sizes: [Int], repetitions: Int) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        var latencies: [String: [Int: Double]] = [:]
        for size in sizes {
            let root = NSTemporaryDirectory() + "hearth-bench-query-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: root) }
            let database = try DatabaseID(project: "bench")
            let engine = try Engine(directory: root + "/engine", options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
            defer { engine.close() }
            let entries = try await load(size, into: engine, database: database)
            let raw = try RawLMDB(path: root + "/raw", keysAndValues: entries)
            defer { raw.close() }
            _ = try raw.bulkLoad(batch: 5_000)
            let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k"

            let rawRange = try raw.rangeReads(count: 20, repetitions: repetitions)
            let rawName = "raw LMDB read of 20 entries (\(label))"
            results.append(BenchResult(name: rawName, ops: repetitions, seconds: rawRange, baseline: nil))
            for workload in cases {
                let expected = try engine.runQueryByFullScan(workload.query, in: database).map(\.key)
                for _ in 0..<50 { _ = try await engine.runQuery(workload.query, in: database) }  // warm caches
                let (found, indexed) = try Stopwatch.time {
                    var last: [Document] = []
                    for _ in 0..<repetitions { last = try engine.runQuery(workload.query, in: database) }
                    return last
                }
                guard found.map(\.key) == expected else { throw BenchFailure(description: "\(workload.name): index and scan disagree") }
                results.append(BenchResult(name: "\(workload.name) (\(label), index)", ops: repetitions, seconds: indexed, baseline: rawName))
                latencies[workload.name, default: [:]][size] = indexed / Double(repetitions)
                let scanRepetitions = max(1, min(repetitions, 2_000_000 / size))
                let (_, scanned) = try Stopwatch.time {
                    for _ in 0..<scanRepetitions { _ = try engine.runQueryByFullScan(workload.query, in: database) }
                }
                results.append(BenchResult(
                    name: "\(workload.name) (\(label), full scan)", ops: scanRepetitions, seconds: scanned, baseline: rawName))
            }

            let rawWalk = try raw.cursorWalk()
            let walkName = "raw LMDB cursor walk over \(label) entries"
            results.append(BenchResult(name: walkName, ops: 1, seconds: rawWalk, baseline: nil))
            let countQuery = StructuredQuery(collectionID: "rooms")
            let countReps = max(1, min(20, 2_000_000 / size))
            let (counted, countSeconds) = try Stopwatch.time {
                var last: [String: Value] = [:]
                for _ in 0..<countReps {
                    last = try engine.runAggregation(countQuery, aggregations: [Aggregation(.count(upTo: nil))], in: database)
                }
                return last
            }
            guard counted["field_1"] == .integer(Int64(size)) else { throw BenchFailure(description: "count gave \(counted)") }
            results.append(BenchResult(name: "count() over \(label) (index)", ops: countReps, seconds: countSeconds, baseline: walkName))
            let (_, scanCount) = try Stopwatch.time { _ = try engine.runQueryByFullScan(countQuery, in: database).count }
            results.append(BenchResult(name: "count() over \(label) (full scan)", ops: 1, seconds: scanCount, baseline: walkName))
        }
        if let small = sizes.first, let large = sizes.last, small != large {
            for workload in cases {
                if let a = latencies[workload.name]?[small], let b = latencies[workload.name]?[large] {
                    print(String(format: "latency growth %@: %.2f× from %d to %d documents", workload.name, b / a, small, large))
                }
            }
        }
        return results.withRatios()
    }
}
