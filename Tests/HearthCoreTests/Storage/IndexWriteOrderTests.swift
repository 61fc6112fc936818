import Testing
@testable import HearthCore

/// The order a backlog's index writes are applied in (`IndexWriteOrder`, `IndexBacklog.pending`):
/// by the keys' first 32 bytes, ties in the order given — key order for a backlog of short values.
@Suite("Index write order")
struct IndexWriteOrderTests {
    /// Keys of 0–40 bytes over {0, 1, 255}, so that many share their first 32 bytes, some are
    /// prefixes of others, and zero padding meets real zero bytes.
    static func randomKeys(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        let alphabet: [UInt8] = [0, 1, 255]
        var keys = Set<[UInt8]>()
        while keys.count < count {
            let common = Int(generator.next() % 2) == 0 ? [UInt8](repeating: 1, count: 30) : []
            let length = Int(generator.next() % 11)
            keys.insert(common + (0..<length).map { _ in alphabet[Int(generator.next() % 3)] })
        }
        return Array(keys)
    }

    static func prefix32(_ key: [UInt8]) -> [UInt8] { Array(key.prefix(32)) + [UInt8](repeating: 0, count: max(0, 32 - key.count)) }

    static func keyOrder(_ writes: [IndexWrites.Write]) -> [[UInt8]] { writes.map(\.key) }

    /// Where two key lists first differ (nil: equal), so a failure prints two keys, not thousands.
    static func firstDifference(_ a: [[UInt8]], _ b: [[UInt8]]) -> (index: Int, got: [UInt8]?, expected: [UInt8]?)? {
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            return (index, index < a.count ? a[index] : nil, index < b.count ? b[index] : nil)
        }
        return nil
    }

    @Test("writes that share their first 32 bytes in key order come out in exact key order")
    func exactWhenTiesAreOrdered() {
        for seed in UInt64(1)...5 {
            let sorted = Self.randomKeys(count: 2_000, seed: seed).sorted { IndexEntries.compare($0, $1) < 0 }
            // Shuffle whole groups of equal 32-byte prefixes, keeping each group's key order.
            var generator = SeededGenerator(seed: seed &* 31)
            var rank: [[UInt8]: UInt64] = [:]
            for key in sorted where rank[Self.prefix32(key)] == nil { rank[Self.prefix32(key)] = generator.next() }
            let given = sorted.enumerated().sorted { a, b in
                let (ra, rb) = (rank[Self.prefix32(a.element)] ?? 0, rank[Self.prefix32(b.element)] ?? 0)
                return ra != rb ? ra < rb : a.offset < b.offset
            }.map { IndexWrites.Write(key: $0.element, value: $0.offset % 3 == 0 ? nil : [UInt8($0.offset % 251)]) }
            #expect(given.map(\.key) != sorted, "the input must not already be sorted")
            let result = IndexWriteOrder.sorted(given)
            #expect(Self.firstDifference(Self.keyOrder(result), sorted) == nil)
            // Each key keeps its own value (put or delete).
            let values = Dictionary(uniqueKeysWithValues: given.map { ($0.key, $0.value) })
            #expect(result.allSatisfy { values[$0.key] == $0.value })
        }
    }

    @Test("any input comes out ordered by the first 32 bytes, ties in the order given, nothing lost")
    func orderedByPrefixOtherwise() {
        var generator = SeededGenerator(seed: 77)
        let given = Self.randomKeys(count: 3_000, seed: 9).shuffled(using: &generator).map { IndexWrites.Write(key: $0, value: []) }
        let result = IndexWriteOrder.sorted(given)
        #expect(Set(result.map(\.key)) == Set(given.map(\.key)))
        #expect(result.count == given.count)
        let position = Dictionary(uniqueKeysWithValues: given.enumerated().map { ($0.element.key, $0.offset) })
        for (a, b) in zip(result, result.dropFirst()) {
            let order = IndexEntries.compare(Self.prefix32(a.key), Self.prefix32(b.key))
            #expect(order < 0 || (order == 0 && (position[a.key] ?? 0) < (position[b.key] ?? 0)))
        }
    }

    @Test("a backlog's entries of short values, documents taken in pending order, come out in exact key order")
    func backlogWritesComeOutInKeyOrder() throws {
        var backlog = IndexBacklog()
        var generator = SeededGenerator(seed: 5)
        let cities = ["Madrid", "Sevilla", "Bilbao"]
        for n in 0..<600 {
            let collection = n % 3 == 0 ? "rooms" : "users"
            let key = try DocumentKey(validating: "\(collection)/\(AutoID.generate(using: &generator))")
            let fields: [String: Value] = [
                "city": .string(cities[n % 3]), "available": .boolean(n % 2 == 0), "n": .integer(Int64(n % 7)),
                "tags": .array([.string("wifi"), .string(n % 2 == 0 ? "balcony" : "parking")]),
            ]
            backlog.recover(
                db: UInt32(1 + n % 2), collection: collection == "rooms" ? 7 : 3, key: key, indexed: fields, version: 1)
        }
        var writes: [IndexWrites.Write] = []
        for item in backlog.pending {
            let entries = IndexEntries.entries(
                key: item.key, fields: item.indexed ?? [:], db: item.db, collection: item.collection)
            IndexWrites.diff(from: [], to: entries, into: &writes)
        }
        let exact = writes.sorted { IndexEntries.compare($0.key, $1.key) < 0 }
        #expect(Self.firstDifference(Self.keyOrder(IndexWriteOrder.sorted(writes)), Self.keyOrder(exact)) == nil)
    }
}
