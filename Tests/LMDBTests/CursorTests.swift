import LMDB
import Testing

@Suite("Cursors")
struct CursorTests {
    /// An environment holding keys b, d, f with values B, D, F.
    static func withSample(_ body: (Environment, Database) throws -> Void) throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for key in ["b", "d", "f"] { try txn.put(bytes(key.uppercased()), forKey: bytes(key), in: db) }
            }
            try body(environment, db)
        }
    }

    @Test("first, last, next and previous walk in key order")
    func walking() throws {
        try Self.withSample { env, db throws in
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.first())
                    #expect(text(try cursor.key) == "b")
                    #expect(text(try cursor.value) == "B")
                    #expect(try cursor.next())
                    #expect(text(try cursor.key) == "d")
                    #expect(try cursor.next())
                    #expect(text(try cursor.key) == "f")
                    #expect(try !cursor.next())
                    #expect(throws: LMDBError.notFound) { try cursor.key }
                    // Past the end, previous() returns to the last entry.
                    #expect(try cursor.previous())
                    #expect(text(try cursor.key) == "f")
                    #expect(try cursor.last())
                    #expect(try cursor.previous())
                    #expect(text(try cursor.key) == "d")
                    #expect(try cursor.previous())
                    #expect(try !cursor.previous())
                    // Before the start, next() returns to the first entry.
                    #expect(try cursor.next())
                    #expect(text(try cursor.key) == "b")
                }
            }
        }
    }

    @Test("an unpositioned cursor starts at either end")
    func unpositioned() throws {
        try Self.withSample { env, db throws in
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(throws: LMDBError.notFound) { try cursor.withKey { $0.count } }
                    #expect(try cursor.next())
                    #expect(text(try cursor.key) == "b")
                }
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.previous())
                    #expect(text(try cursor.key) == "f")
                }
            }
        }
    }

    @Test("seek atOrAfter and exactly")
    func seeking() throws {
        try Self.withSample { env, db throws in
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.seek(atOrAfter: bytes("c")))
                    #expect(text(try cursor.key) == "d")
                    #expect(try cursor.seek(atOrAfter: bytes("d")))
                    #expect(text(try cursor.key) == "d")
                    #expect(try !cursor.seek(atOrAfter: bytes("g")))
                    #expect(try cursor.previous())
                    #expect(text(try cursor.key) == "f")
                    #expect(try cursor.seek(atOrAfter: []))
                    #expect(text(try cursor.key) == "b")
                    #expect(try cursor.seek(exactly: bytes("f")))
                    #expect(try cursor.withValue { text($0) } == "F")
                    #expect(try !cursor.seek(exactly: bytes("e")))
                    #expect(throws: LMDBError.notFound) { try cursor.key }
                    #expect(throws: LMDBError.badValueSize) { try cursor.seek(exactly: []) }
                }
            }
        }
    }

    @Test("cursors on an empty database find nothing")
    func emptyDatabase() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("empty")
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try !cursor.first())
                    #expect(try !cursor.last())
                    #expect(try !cursor.next())
                    #expect(try !cursor.previous())
                    #expect(try !cursor.seek(atOrAfter: bytes("a")))
                }
            }
        }
    }

    @Test("deleteCurrent removes the entry and next() continues after it")
    func deleteCurrent() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("t")
            try env.write { txn throws in
                for index in 0..<2_000 { try txn.put(bigEndian(UInt64(index)), forKey: bigEndian(UInt64(index)), in: db) }
            }
            // Delete every even key with one cursor pass, across many pages.
            try env.write { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    var more = try cursor.first()
                    while more {
                        let key = try cursor.withKey { decodeBigEndian($0) }
                        if key % 2 == 0 {
                            try cursor.deleteCurrent()
                            #expect(throws: LMDBError.notFound) { try cursor.key }
                        }
                        more = try cursor.next()
                    }
                }
            }
            try env.read { txn throws in
                #expect(try txn.count(in: db) == 1_000)
                var keys: [UInt64] = []
                try txn.scan(in: db, from: nil, to: nil) { key, _ in
                    keys.append(decodeBigEndian(key))
                    return true
                }
                #expect(keys == Array(stride(from: 1, to: 2_000, by: 2)))
            }
            // previous() after a delete moves to the entry before the deleted one.
            try env.write { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.seek(exactly: bigEndian(501)))
                    try cursor.deleteCurrent()
                    #expect(try cursor.previous())
                    #expect(try cursor.key == bigEndian(499))
                    #expect(try cursor.next())
                    #expect(try cursor.key == bigEndian(503))
                }
            }
        }
    }

    @Test("deleteCurrent in a read transaction throws")
    func deleteCurrentReadOnly() throws {
        try Self.withSample { env, db throws in
            try env.read { txn throws in
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.first())
                    #expect(throws: LMDBError.self) { try cursor.deleteCurrent() }
                    #expect(text(try cursor.key) == "b")
                }
            }
        }
    }

    @Test("a write cursor sees the transaction's own updates")
    func writeCursorSeesUpdates() throws {
        try Self.withSample { env, db throws in
            try env.write { txn throws in
                try txn.put(bytes("C"), forKey: bytes("c"), in: db)
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.seek(atOrAfter: bytes("c")))
                    #expect(text(try cursor.key) == "c")
                    #expect(text(try cursor.value) == "C")
                }
            }
        }
    }

    @Test("append adds ascending keys through one cursor, refuses a key not past the end")
    func appendThroughOneCursor() throws {
        try withEnvironment { env, _ throws in
            let db = try env.openDatabase("t")
            // Two transactions of ascending keys, with values large enough to split many pages;
            // the second starts from what the first left at the end.
            for range in [0..<3_000, 3_000..<6_000] {
                try env.write { txn throws in
                    try txn.withCursor(in: db) { cursor throws in
                        for index in range {
                            let key = bigEndian(UInt64(index) * 2)
                            let value = [UInt8](repeating: UInt8(index % 251), count: index % 97)
                            try key.withUnsafeBytes { k in try value.withUnsafeBytes { v in try cursor.append(v, forKey: k) } }
                            #expect(try cursor.key == key)
                        }
                        // A key not past the last one is refused and writes nothing; the
                        // transaction goes on.
                        for refused in [bigEndian(UInt64(range.upperBound - 1) * 2), bigEndian(1)] {
                            #expect(throws: LMDBError.keyExists) {
                                try refused.withUnsafeBytes { k in try [UInt8(9)].withUnsafeBytes { v in try cursor.append(v, forKey: k) } }
                            }
                        }
                    }
                }
            }
            try env.read { txn throws in
                var index: UInt64 = 0
                try txn.scan(in: db, from: nil, to: nil) { key, value in
                    #expect(decodeBigEndian(key) == index * 2)
                    #expect(Array(value) == [UInt8](repeating: UInt8(index % 251), count: Int(index % 97)))
                    index += 1
                    return true
                }
                #expect(index == 6_000)
                // In a read transaction, append is refused.
                _ = try txn.withCursor(in: db) { cursor throws in
                    #expect(throws: (any Error).self) {
                        try bigEndian(99_999).withUnsafeBytes { k in try [UInt8]().withUnsafeBytes { v in try cursor.append(v, forKey: k) } }
                    }
                }
            }
        }
    }
}
