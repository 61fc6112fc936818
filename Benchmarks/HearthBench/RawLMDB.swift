import Foundation
import LMDB

/// The raw-LMDB baselines: the same keys and bytes, straight through the thin wrapper.
final class RawLMDB {
    private let environment: Environment
    private let table: Database
    private let entries: [([UInt8], [UInt8])]

    init(path: String, keysAndValues: [([UInt8], [UInt8])]) throws {
        environment = try Environment(path: path, options: EnvironmentOptions(mapSize: 4 << 30, maxDatabases: 4))
        table = try environment.openDatabase("documents")
        entries = keysAndValues
    }

    func close() { environment.close() }

    /// Puts every entry, `batch` per durable transaction; returns seconds.
    func bulkLoad(batch: Int) throws -> Double {
        let entries = self.entries
        return try Stopwatch.time {
            var start = 0
            while start < entries.count {
                let end = min(start + batch, entries.count)
                try environment.write { txn in
                    for i in start..<end { try txn.put(entries[i].1, forKey: entries[i].0, in: table) }
                }
                start = end
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
}
