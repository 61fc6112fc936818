import Foundation
import LMDB
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many threads read consistent, monotonic snapshots while one thread writes")
    func readsDuringWrites() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                try txn.put(bigEndian(0), forKey: bytes("a"), in: db)
                try txn.put(bigEndian(0), forKey: bytes("b"), in: db)
            }
            let writes: UInt64 = 300
            let failures = Shared<[String]>([])
            let writer = startThread {
                do {
                    for value in 1...writes {
                        try environment.write { txn throws in
                            try txn.put(bigEndian(value), forKey: bytes("a"), in: db)
                            try txn.put(bigEndian(value), forKey: bytes("b"), in: db)
                        }
                    }
                } catch {
                    failures.update { $0.append("writer: \(error)") }
                }
            }
            DispatchQueue.concurrentPerform(iterations: 8) { reader in
                var last: UInt64 = 0
                for _ in 0..<400 {
                    do {
                        let (a, b) = try environment.read { txn throws in
                            let a = try txn.withValue(forKey: bytes("a"), in: db) { decodeBigEndian($0) }
                            let b = try txn.withValue(forKey: bytes("b"), in: db) { decodeBigEndian($0) }
                            return (a ?? .max, b ?? .max)
                        }
                        if a != b { failures.update { $0.append("reader \(reader) saw a=\(a) b=\(b)") } }
                        if a < last { failures.update { $0.append("reader \(reader) went back from \(last) to \(a)") } }
                        last = a
                    } catch {
                        failures.update { $0.append("reader \(reader): \(error)") }
                    }
                }
            }
            join(writer)
            #expect(failures.value.isEmpty, "\(failures.value.prefix(5))")
            let final = try environment.read { try $0.get(bytes("a"), in: db) }
            #expect(final == bigEndian(writes))
        }
    }

    @Test("writes from several threads are serialised and none is lost")
    func serialisedWriters() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in try txn.put(bigEndian(0), forKey: bytes("counter"), in: db) }
            let failures = Shared<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<50 {
                    do {
                        try environment.write { txn throws in
                            let current = try txn.withValue(forKey: bytes("counter"), in: db) { decodeBigEndian($0) } ?? 0
                            try txn.put(bigEndian(current + 1), forKey: bytes("counter"), in: db)
                        }
                    } catch {
                        failures.update { $0.append("\(error)") }
                    }
                }
            }
            #expect(failures.value.isEmpty)
            let counter = try environment.read { txn throws in
                try txn.withValue(forKey: bytes("counter"), in: db) { decodeBigEndian($0) }
            }
            #expect(counter == 200)
        }
    }

    @Test("close waits for in-flight reads on other threads")
    func closeWaitsForReaders() throws {
        try withTemporaryDirectory { directory throws in
            let environment = try Environment(path: directory.path)
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in try txn.put(bytes("v"), forKey: bytes("k"), in: db) }
            let inside = DispatchSemaphore(value: 0)
            let finished = Shared<Bool>(false)
            let failures = Shared<[String]>([])
            let reader = startThread {
                do {
                    try environment.read { txn throws in
                        inside.signal()
                        // Stay inside until the close waits for this read (bounded, in case it never does).
                        if !environment.waitForThreadWaitingForReaders(seconds: 60) {
                            failures.update { $0.append("the close never waited for the read") }
                        }
                        if try txn.get(bytes("k"), in: db) != bytes("v") { failures.update { $0.append("bad value") } }
                        finished.update { $0 = true }
                    }
                } catch {
                    failures.update { $0.append("\(error)") }
                }
            }
            inside.wait()
            environment.close()
            #expect(finished.value)
            #expect(environment.isClosed)
            join(reader)
            #expect(failures.value.isEmpty, "\(failures.value)")
            #expect(environment.liveReadTransactions == 0)
        }
    }
}

@Suite("Errors")
struct ErrorTests {
    @Test("LMDBError matches by code in catch clauses, switch and equality")
    func matching() {
        let error: any Error = LMDBError(code: LMDBError.mapFull.code, message: "context: MDB_MAP_FULL")
        var matched = false
        do {
            throw error
        } catch LMDBError.keyExists {
            Issue.record("matched the wrong code")
        } catch LMDBError.mapFull {
            matched = true
        } catch {
            Issue.record("did not match")
        }
        #expect(matched)
        let typed = LMDBError(code: LMDBError.notFound.code, message: "other text")
        switch typed {
        case LMDBError.mapFull: Issue.record("wrong case")
        case LMDBError.notFound: break
        default: Issue.record("no case matched")
        }
        #expect(typed == LMDBError.notFound)
        #expect(typed.hashValue == LMDBError.notFound.hashValue)
        #expect(!(LMDBError.panic ~= TestFailure(tag: "x")))
        #expect(typed.description.contains("\(LMDBError.notFound.code)"))
        #expect(LMDBError.corrupted.message.contains("MDB_CORRUPTED"))
        #expect(LMDBError.alreadyOpen.code == -40_000)
    }

    @Test("the wrapper's own codes are distinct from LMDB's and from each other")
    func distinctCodes() {
        let all: [LMDBError] = [
            .mapFull, .keyExists, .notFound, .readersFull, .txnFull, .badValueSize, .corrupted, .panic,
            .mapResized, .versionMismatch, .invalid, .pageNotFound, .databasesFull, .badTransaction, .badDatabase,
            .alreadyOpen, .transactionEnded, .reentrantTransaction, .environmentClosed, .transactionBusy,
            .cursorClosed,
        ]
        #expect(Set(all.map(\.code)).count == all.count)
    }
}
