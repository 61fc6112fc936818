import LMDB
import Testing

@Suite("Range scans")
struct ScanTests {
    static let keys = ["a", "ab", "abc", "b", "ba", "c"]

    /// Keys visited by a scan, as strings.
    static func visited(
        _ environment: Environment, _ db: Database, from: String?, to: String?, reverse: Bool = false
    ) throws -> [String] {
        try visited(environment, db, fromBytes: from.map(bytes), toBytes: to.map(bytes), reverse: reverse)
    }

    /// Keys visited by a scan with byte bounds, as strings.
    static func visited(
        _ environment: Environment, _ db: Database, fromBytes: [UInt8]?, toBytes: [UInt8]?, reverse: Bool
    ) throws -> [String] {
        try environment.read { txn throws in
            var seen: [String] = []
            try txn.scan(in: db, from: fromBytes, to: toBytes, reverse: reverse) { key, value in
                #expect(text(value) == "v:" + text(key))
                seen.append(text(key))
                return true
            }
            return seen
        }
    }

    /// An environment holding `keys`, each with value "v:<key>".
    static func withSample(_ body: (Environment, Database) throws -> Void) throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for key in keys { try txn.put(bytes("v:" + key), forKey: bytes(key), in: db) }
            }
            try body(environment, db)
        }
    }

    @Test("bounds of long keys sharing prefixes compare byte by byte, as LMDB orders keys")
    func longKeyBounds() throws {
        // Keys of 1…24 bytes over a small alphabet share long prefixes, so the comparison of a
        // key with a bound often decides in its second or third eight-byte word, or in the tail.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var keys: Set<[UInt8]> = []
        while keys.count < 300 { keys.insert((0 ..< 1 + Int(next() % 24)).map { _ in UInt8(0x61 + next() % 2) }) }
        let sorted = keys.sorted { $0.lexicographicallyPrecedes($1) }
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("long")
            try environment.write { txn throws in
                for key in sorted { try txn.put(key, forKey: key, in: db) }
            }
            for _ in 0 ..< 60 {
                let from = sorted[Int(next() % UInt64(sorted.count))]
                let to = sorted[Int(next() % UInt64(sorted.count))] + (next() % 2 == 0 ? [] : [0x61])
                let expected = sorted.filter { !$0.lexicographicallyPrecedes(from) && $0.lexicographicallyPrecedes(to) }
                let seen = try environment.read { txn throws in
                    var seen: [[UInt8]] = []
                    try txn.scan(in: db, from: from, to: to) { key, _ in
                        seen.append(Array(key))
                        return true
                    }
                    return seen
                }
                #expect(seen == expected)
            }
        }
    }

    @Test("forward scans honour [from, to)")
    func forwardBounds() throws {
        try Self.withSample { env, db throws in
            #expect(try Self.visited(env, db, from: nil, to: nil) == Self.keys)
            #expect(try Self.visited(env, db, from: "ab", to: "b") == ["ab", "abc"])
            #expect(try Self.visited(env, db, from: "ab", to: nil) == ["ab", "abc", "b", "ba", "c"])
            #expect(try Self.visited(env, db, from: nil, to: "b") == ["a", "ab", "abc"])
            #expect(try Self.visited(env, db, from: "aa", to: "bb") == ["ab", "abc", "b", "ba"])
            #expect(try Self.visited(env, db, from: "c", to: "a") == [])
            #expect(try Self.visited(env, db, from: "b", to: "b") == [])
            #expect(try Self.visited(env, db, from: "z", to: nil) == [])
            #expect(try Self.visited(env, db, from: "", to: nil) == Self.keys)
            #expect(try Self.visited(env, db, from: nil, to: "") == [])
        }
    }

    @Test("reverse scans start below to and stop below from")
    func reverseBounds() throws {
        try Self.withSample { env, db throws in
            #expect(try Self.visited(env, db, from: nil, to: nil, reverse: true) == Self.keys.reversed())
            #expect(try Self.visited(env, db, from: "ab", to: "b", reverse: true) == ["abc", "ab"])
            #expect(try Self.visited(env, db, from: "b", to: nil, reverse: true) == ["c", "ba", "b"])
            #expect(try Self.visited(env, db, from: nil, to: "ab", reverse: true) == ["a"])
            #expect(try Self.visited(env, db, from: "aa", to: "bb", reverse: true) == ["ba", "b", "abc", "ab"])
            #expect(try Self.visited(env, db, from: nil, to: "z", reverse: true) == Self.keys.reversed())
            #expect(try Self.visited(env, db, from: nil, to: "0", reverse: true) == [])
            #expect(try Self.visited(env, db, from: "c", to: "a", reverse: true) == [])
            #expect(try Self.visited(env, db, from: "b", to: "b", reverse: true) == [])
            #expect(try Self.visited(env, db, from: nil, to: "", reverse: true) == [])
            #expect(try Self.visited(env, db, from: "", to: nil, reverse: true) == Self.keys.reversed())
        }
    }

    @Test("prefix scans in both directions")
    func prefixScans() throws {
        try Self.withSample { env, db throws in
            // Prefix "ab": [ab, ac).
            #expect(try Self.visited(env, db, from: "ab", to: "ac") == ["ab", "abc"])
            #expect(try Self.visited(env, db, from: "ab", to: "ac", reverse: true) == ["abc", "ab"])
            // Prefix "b" is the last run of keys except "c".
            #expect(try Self.visited(env, db, from: "b", to: "c", reverse: true) == ["ba", "b"])
            // A prefix with no keys.
            #expect(try Self.visited(env, db, from: "bb", to: "bc") == [])
            #expect(try Self.visited(env, db, from: "bb", to: "bc", reverse: true) == [])
        }
    }

    @Test("scans of an empty database visit nothing")
    func emptyDatabase() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("empty")
            for reverse in [false, true] {
                #expect(try Self.visited(env, db, from: nil, to: nil, reverse: reverse) == [])
                #expect(try Self.visited(env, db, from: "a", to: "z", reverse: reverse) == [])
                #expect(try Self.visited(env, db, from: nil, to: "m", reverse: reverse) == [])
            }
        }
    }

    @Test("the visitor stops a scan by returning false, and its errors propagate")
    func earlyStop() throws {
        try Self.withSample { env, db throws in
            var seen: [String] = []
            try env.read { txn throws in
                try txn.scan(in: db, from: nil, to: nil, reverse: true) { key, _ in
                    seen.append(text(key))
                    return seen.count < 2
                }
            }
            #expect(seen == ["c", "ba"])
            #expect(throws: TestFailure(tag: "visit")) {
                try env.read { txn throws in
                    try txn.scan(in: db, from: nil, to: nil) { _, _ in throw TestFailure(tag: "visit") }
                }
            }
            #expect(env.liveCursors == 0)
        }
    }

    @Test("bounds longer than maxKeySize are handled as probes")
    func longBounds() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("t")
            let maxKey = env.maxKeySize
            let full = [UInt8](repeating: 0x78, count: maxKey)
            let shorter = [UInt8](repeating: 0x78, count: maxKey - 1)
            try env.write { txn throws in
                for key in [shorter, full, bytes("y")] { try txn.put(key, forKey: key, in: db) }
            }
            func keys(from: [UInt8]?, to: [UInt8]?, reverse: Bool) throws -> [[UInt8]] {
                try env.read { txn throws in
                    var seen: [[UInt8]] = []
                    try txn.scan(in: db, from: from, to: to, reverse: reverse) { key, _ in
                        seen.append([UInt8](key))
                        return true
                    }
                    return seen
                }
            }
            let longProbe = full + [0]  // just above `full`
            #expect(try keys(from: longProbe, to: nil, reverse: false) == [bytes("y")])
            #expect(try keys(from: nil, to: longProbe, reverse: true) == [full, shorter])
            #expect(try keys(from: longProbe, to: nil, reverse: true) == [bytes("y")])
            #expect(try keys(from: nil, to: longProbe, reverse: false) == [shorter, full])
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.seek(atOrAfter: longProbe))
                    #expect(try cursor.key == bytes("y"))
                }
            }
        }
    }

    @Test("scans cover many pages in both directions")
    func manyPages() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("t")
            try env.write { txn throws in
                for index in 0..<5_000 {
                    try txn.put(bigEndian(UInt64(index)), forKey: bigEndian(UInt64(index)), in: db)
                }
            }
            try env.read { txn throws in
                var forward: [UInt64] = []
                try txn.scan(in: db, from: bigEndian(100), to: bigEndian(4_100)) { key, value in
                    #expect(decodeBigEndian(key) == decodeBigEndian(value))
                    forward.append(decodeBigEndian(key))
                    return true
                }
                #expect(forward == Array(100..<4_100))
                var backward: [UInt64] = []
                try txn.scan(in: db, from: bigEndian(100), to: bigEndian(4_100), reverse: true) { key, _ in
                    backward.append(decodeBigEndian(key))
                    return true
                }
                #expect(backward == Array((100..<4_100).reversed()))
            }
        }
    }
}
