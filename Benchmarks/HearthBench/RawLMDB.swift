import HearthTestSupport
import BenchSupport
import Foundation
import HearthServer
import LMDB

/// The raw-LMDB baselines: the same keys and bytes, straight through the thin wrapper.
final class RawLMDB {
    private let environment: Environment
    private let table: Database
    private let indexTable: Database
    private let entries: [([UInt8], [UInt8])]
    private let indexEntries: [[([UInt8], [UInt8])]]

    /// A raw environment for `keysAndValues` (one per document) and, per document, the index
    /// entries the engine writes with it (put into a second table by `bulkLoad`).
    init(path: String, keysAndValues: [([UInt8], [UInt8])], indexEntries: [[([UInt8], [UInt8])]] = []) throws {
        environment = try Environment(path: path, options: EnvironmentOptions(mapSize: 8 << 30, maxDatabases: 4))
        table = try environment.openDatabase("documents")
        indexTable = try environment.openDatabase("index")
        entries = keysAndValues
        self.indexEntries = indexEntries
    }

    /// Keys put per bulk load: documents plus their index entries.
    var keyCount: Int { entries.count + indexEntries.reduce(0) { $0 + $1.count } }

    func close() { environment.close() }

    /// Puts every document's entry and its index entries, `batch` documents per durable
    /// transaction; returns seconds.
    func bulkLoad(batch: Int) throws -> Double {
        let entries = self.entries
        return try Stopwatch.time {
            var start = 0
            while start < entries.count {
                let end = min(start + batch, entries.count)
                try environment.write { txn in
                    for i in start..<end {
                        try txn.put(entries[i].1, forKey: entries[i].0, in: table)
                        if i < indexEntries.count {
                            for entry in indexEntries[i] { try txn.put(entry.1, forKey: entry.0, in: indexTable) }
                        }
                    }
                }
                start = end
            }
        }.1
    }

    /// The same puts as `bulkLoad`, but each transaction's keys sorted per table before the clock
    /// starts: LMDB's physical limit for this key set, which the engine (that sorts its keys per
    /// commit) should be measured against. Returns seconds.
    func sortedBulkLoad(batch: Int) throws -> Double {
        var batches: [(documents: [([UInt8], [UInt8])], index: [([UInt8], [UInt8])])] = []
        var start = 0
        while start < entries.count {
            let end = min(start + batch, entries.count)
            let documents = entries[start..<end].sorted { $0.0.lexicographicallyPrecedes($1.0) }
            let index = (start..<min(end, indexEntries.count)).flatMap { indexEntries[$0] }
                .sorted { $0.0.lexicographicallyPrecedes($1.0) }
            batches.append((documents, index))
            start = end
        }
        return try Stopwatch.time {
            for batch in batches {
                try environment.write { txn in
                    for entry in batch.documents { try txn.put(entry.1, forKey: entry.0, in: table) }
                    for entry in batch.index { try txn.put(entry.1, forKey: entry.0, in: indexTable) }
                }
            }
        }.1
    }

    /// One read transaction and one get per lookup, copying the value out; returns seconds.
    func pointGets(order: [Int]) throws -> Double {
        let (found, seconds) = try Stopwatch.time {
            var found = 0
            for index in order where try environment.read({ try $0.get(entries[index].0, in: table) }) != nil { found += 1 }
            return found
        }
        guard found == order.count else { throw BenchFailure(description: "raw gets found \(found)") }
        return seconds
    }

    /// `count` durable transactions of one put each; returns seconds.
    func durableSinglePuts(count: Int) throws -> Double {
        try Stopwatch.time {
            for i in 0..<count {
                let entry = entries[i % entries.count]
                try environment.write { txn in try txn.put(entry.1, forKey: [0xFF] + entry.0, in: table) }
            }
        }.1
    }

    /// `repetitions` read transactions that each seek a pseudo-random key and copy out `count`
    /// consecutive values (the least work any plan returning `count` documents can do); returns seconds.
    func rangeReads(count: Int, repetitions: Int) throws -> Double {
        var generator = SplitMix64(seed: 99)
        let starts = (0..<repetitions).map { _ in entries[Int(generator.next() % UInt64(entries.count))].0 }
        let (read, seconds) = try Stopwatch.time {
            var read = 0
            for start in starts {
                read += try environment.read { txn in
                    var values: [[UInt8]] = []
                    try txn.scan(in: table, from: start, to: nil) { _, value in
                        values.append(Array(value))
                        return values.count < count
                    }
                    return values.count
                }
            }
            return read
        }
        guard read > 0 else { throw BenchFailure(description: "raw range reads found nothing") }
        return seconds
    }

    /// One read transaction walking every entry with a cursor (what a count must at least touch);
    /// returns seconds.
    func cursorWalk() throws -> Double {
        let (walked, seconds) = try Stopwatch.time {
            try environment.read { txn in
                var walked = 0
                try txn.scan(in: table, from: nil, to: nil) { _, _ in
                    walked += 1
                    return true
                }
                return walked
            }
        }
        guard walked == entries.count else { throw BenchFailure(description: "raw walk saw \(walked)") }
        return seconds
    }
}
