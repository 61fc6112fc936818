import HearthTestSupport
import BenchSupport
import Foundation
import HearthCore
import LMDB

/// Issue 24: `count()` of an unfiltered collection of realistic documents (1–4 KB) among other
/// collections, read from the collection's name entries; beside a raw cursor walk of the same
/// entries in the same file, and a raw walk of the collection's document records (what the count
/// read before). Likewise `sum()` and `avg()` of a field, read from that field's index entries,
/// beside a raw walk of those entries. Each row reports the pages of the data file it was handed
/// (`pages_touched`, and `pages_per_1k_docs` per 1,000 documents counted); an aggregation's
/// `pages_ratio` is its pages over the raw walk's of the same entries.
enum CountWorkloads {
    /// Names of the rows (stable: tracked across runs).
    static func names(_ label: String) -> (rawNames: String, count: String, rawDocuments: String, rawField: String, sum: String) {
        (
            "raw walk of a collection's name entries (\(label), 1-4 KB docs)",
            "count() of a collection from its name entries (\(label), 1-4 KB docs)",
            "raw walk of a collection's document records (\(label), 1-4 KB docs)",
            "raw walk of a field's index entries (\(label), 1-4 KB docs)",
            "sum() and avg() of a field from its index entries (\(label), 1-4 KB docs)"
        )
    }

    /// A document of 1–4 KB: a few listing fields and a description of pseudo-random length.
    static func document(index: Int) -> [String: Value] {
        var generator = SplitMix64(seed: UInt64(index) &* 977 &+ 24)
        let length = 1_000 + Int(generator.next() % 3_000)
        let words = ["sunny", "quiet", "close", "to", "the", "metro", "with", "a", "balcony", "and", "fast", "wifi"]
        var description = ""
        description.reserveCapacity(length + 12)
        while description.utf8.count < length { description += words[Int(generator.next() % UInt64(words.count))] + " " }
        return [
            "title": .string("Room \(index)"), "city": .string(["Madrid", "Sevilla", "Valencia", "Bilbao"][index % 4]),
            "price": .integer(Int64(300 + generator.next() % 900)), "owner": .string("user\(index % 1_000)"),
            "createdAt": .timestamp(Timestamp(microseconds: 1_700_000_000_000_000 + Int64(index) * 1_000)),
            "description": .string(description),
        ]
    }

    /// Runs the rows: `counted` documents in `rooms`, among `others` documents of other collections
    /// (`users`, `messages`, and `users/u/rooms` sub-collections, which share the counted
    /// collection's group), written interleaved in 500-document commits.
    static func run(counted: Int, others: Int, repetitions: Int) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-count-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/engine"
        let database = try DatabaseID(project: "bench")
        let label = "\(counted / 1_000)k of \((counted + others) / 1_000)k"
        let names = names(label)
        let collection = ResourcePath(uncheckedSegments: ["rooms"])
        let query = StructuredQuery(collectionID: "rooms")
        let aggregations = [Aggregation(.count(upTo: nil), alias: "n")]
        let price = FieldPath(uncheckedSegments: ["price"])
        let sums = [Aggregation(.sum(price), alias: "sum"), Aggregation(.average(price), alias: "avg")]
        var priceTotal: Int64 = 0

        let engine = try Engine(directory: directory, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        var writes: [Write] = []
        for index in 0..<max(counted, others) {
            if index < counted {
                let fields = document(index: index)
                if case .integer(let value)? = fields["price"] { priceTotal += value }
                writes.append(.set(try DocumentKey(validating: "rooms/\(BenchData.id(index))"), fields: fields))
            }
            if index < others {
                let id = BenchData.id(1_000_000 + index)
                let path = switch index % 3 {
                case 0: "users/\(id)"
                case 1: "messages/\(id)"
                default: "users/\(BenchData.id(1_000_000 + index % 500))/rooms/\(id)"
                }
                writes.append(.set(try DocumentKey(validating: path), fields: document(index: 1_000_000 + index)))
            }
            if writes.count >= 500 {
                _ = try await engine.commit(writes, in: database)
                writes.removeAll(keepingCapacity: true)
            }
        }
        if !writes.isEmpty { _ = try await engine.commit(writes, in: database) }
        guard let prefixes = try engine.keyPrefixes(of: collection, field: price, in: database) else {
            engine.close()
            throw BenchFailure(description: "count: no rooms collection")
        }

        let expected = Value.integer(Int64(counted))
        func count() throws -> Value? { try engine.runAggregation(query, aggregations: aggregations, in: database)["n"] }
        guard try count() == expected else {
            engine.close()
            throw BenchFailure(description: "count() disagrees with the \(counted) documents written")
        }
        let countPages = try engine.pagesTouched { try count() }.pages
        let (_, countSeconds) = try Stopwatch.time {
            for _ in 0..<repetitions { guard try count() == expected else { throw BenchFailure(description: "count() changed") } }
        }
        let expectedSum = Value.integer(priceTotal)
        func sum() throws -> Value? {
            let results = try engine.runAggregation(query, aggregations: sums, in: database)
            return results["avg"] == .double(Double(priceTotal) / Double(counted)) ? results["sum"] : nil
        }
        guard try sum() == expectedSum else {
            engine.close()
            throw BenchFailure(description: "sum() or avg() disagrees with the prices written")
        }
        let sumPages = try engine.pagesTouched { try sum() }.pages
        let (_, sumSeconds) = try Stopwatch.time {
            for _ in 0..<repetitions { guard try sum() == expectedSum else { throw BenchFailure(description: "sum() changed") } }
        }
        engine.close()

        // The same file, opened raw once the engine has closed it.
        let environment = try Environment(path: directory, options: EnvironmentOptions(mapSize: 1 << 30, maxDatabases: 16, durable: false))
        defer { environment.close() }
        let index = try environment.openDatabase("index")
        let documents = try environment.openDatabase("documents")
        // Each walk reads a byte of every value (as the count of document records did), summed
        // here so the reads cannot be optimised away.
        var valueBytes = 0
        /// Walks every entry under `prefix` in `table`, reading the first byte of each value.
        func walk(_ table: Database, _ prefix: [UInt8]) throws -> Int {
            try environment.read { txn in
                var walked = 0
                try txn.scan(in: table, from: prefix, to: successor(of: prefix)) { _, value in
                    valueBytes &+= Int(value.first ?? 0)
                    walked += 1
                    return true
                }
                return walked
            }
        }
        var results: [BenchResult] = []
        var rawPages: [String: Int] = [:]
        var pageSize = 4_096
        let walks = [
            (names.rawNames, index, prefixes.names), (names.rawDocuments, documents, prefixes.documents),
            (names.rawField, index, prefixes.fieldValues),
        ]
        for (name, table, prefix) in walks {
            let (walked, trace) = try environment.tracingPages { try walk(table, prefix) }
            guard walked == counted else { throw BenchFailure(description: "\(name) saw \(walked) entries, not \(counted)") }
            let (_, seconds) = try Stopwatch.time {
                for _ in 0..<repetitions { _ = try walk(table, prefix) }
            }
            var result = BenchResult(name: name, ops: repetitions, seconds: seconds, baseline: nil)
            result.metrics = pageMetrics(trace.pages, pageSize: trace.pageSize, counted: counted)
            results.append(result)
            rawPages[name] = trace.pages
            pageSize = trace.pageSize
        }
        /// An aggregation's row, measured against the raw walk `baseline` of the entries it reads.
        func row(_ name: String, seconds: Double, pages: Int, baseline: String) -> BenchResult {
            var result = BenchResult(name: name, ops: repetitions, seconds: seconds, baseline: baseline)
            result.metrics = pageMetrics(pages, pageSize: pageSize, counted: counted)
            if let raw = rawPages[baseline], raw > 0 { result.metrics["pages_ratio"] = Double(pages) / Double(raw) }
            return result
        }
        results.insert(row(names.count, seconds: countSeconds, pages: countPages, baseline: names.rawNames), at: 1)
        results.append(row(names.sum, seconds: sumSeconds, pages: sumPages, baseline: names.rawField))
        if valueBytes == Int.min { print("(value bytes \(valueBytes))") }
        for result in results {
            print(String(format: "%@: %.0f pages touched per 1,000 documents counted (%.2f MiB for %d)", result.name,
                         result.metrics["pages_per_1k_docs"] ?? 0, (result.metrics["mib_touched"] ?? 0), counted))
        }
        return results.withRatios()
    }

    /// The page figures of one row.
    static func pageMetrics(_ pages: Int, pageSize: Int, counted: Int) -> [String: Double] {
        [
            "pages_touched": Double(pages), "page_size": Double(pageSize),
            "pages_per_1k_docs": Double(pages) * 1_000 / Double(max(1, counted)),
            "mib_touched": Double(pages * pageSize) / Double(1 << 20),
        ]
    }

    /// The first key after every key that starts with `prefix` (nil: none).
    static func successor(of prefix: [UInt8]) -> [UInt8]? {
        var key = prefix
        while let last = key.last {
            if last < 0xFF {
                key[key.count - 1] = last + 1
                return key
            }
            key.removeLast()
        }
        return nil
    }
}
