import LMDB
import Testing

@Suite("Transaction limits and bulk operations")
struct TransactionLimitTests {
    @Test("keys that are empty or longer than maxKeySize throw badValueSize")
    func keyLengthValidation() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            let longest = [UInt8](repeating: 0x41, count: environment.maxKeySize)
            let tooLong = longest + [0x41]
            try environment.write { txn throws in
                try txn.put(bytes("ok"), forKey: longest, in: db)
                let error = #expect(throws: LMDBError.badValueSize) { try txn.put(bytes("v"), forKey: tooLong, in: db) }
                #expect(error?.message.contains("\(tooLong.count)") == true)
                #expect(throws: LMDBError.badValueSize) { try txn.put(bytes("v"), forKey: [], in: db) }
                #expect(throws: LMDBError.badValueSize) { try txn.putIfAbsent(bytes("v"), forKey: [], in: db) }
                #expect(throws: LMDBError.badValueSize) { try txn.append(bytes("v"), forKey: tooLong, in: db) }
                #expect(throws: LMDBError.badValueSize) { try txn.delete(tooLong, in: db) }
                #expect(throws: LMDBError.badValueSize) { try txn.get([], in: db) }
                #expect(throws: LMDBError.badValueSize) { try txn.contains(tooLong, in: db) }
                // The transaction is not broken by the refused calls.
                try txn.put(bytes("still"), forKey: bytes("fine"), in: db)
            }
            try environment.read { txn throws in
                #expect(text(try txn.get(longest, in: db)) == "ok")
                #expect(text(try txn.get(bytes("fine"), in: db)) == "still")
            }
        }
    }

    @Test("deleteRange removes [from, to) across many pages")
    func deleteRange() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for index in 0..<3_000 {
                    try txn.put([UInt8](repeating: 1, count: 64), forKey: bigEndian(UInt64(index)), in: db)
                }
            }
            let deleted = try environment.write { txn throws in
                try txn.deleteRange(in: db, from: bigEndian(1_000), to: bigEndian(2_000))
            }
            #expect(deleted == 1_000)
            try environment.read { txn throws in
                #expect(try txn.count(in: db) == 2_000)
                #expect(try txn.contains(bigEndian(999), in: db))
                #expect(try !txn.contains(bigEndian(1_000), in: db))
                #expect(try !txn.contains(bigEndian(1_999), in: db))
                #expect(try txn.contains(bigEndian(2_000), in: db))
            }
            let tail = try environment.write { txn throws in try txn.deleteRange(in: db, from: bigEndian(2_500), to: nil) }
            #expect(tail == 500)
            let none = try environment.write { txn throws in try txn.deleteRange(in: db, from: bigEndian(10), to: bigEndian(5)) }
            #expect(none == 0)
            let all = try environment.write { txn throws in try txn.deleteRange(in: db, from: [], to: nil) }
            #expect(all == 1_500)
            #expect(try environment.read { try $0.count(in: db) } == 0)
        }
    }

    @Test("too many concurrent readers throw readersFull and release their slots")
    func readersFull() throws {
        try withEnvironment(.init(maxReaders: 1)) { environment, _ throws in
            func nest(_ depth: Int) throws -> Int {
                try environment.read { _ in depth >= 1_000 ? depth : try nest(depth + 1) }
            }
            let error = #expect(throws: LMDBError.readersFull) { _ = try nest(1) }
            #expect(error?.message.contains("reader slots") == true)
            #expect(environment.liveReadTransactions == 0)
            // Slots were released: reads work again.
            try environment.read { _ in }
        }
    }
}
