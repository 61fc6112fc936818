import LMDB
import Testing

@Suite("Transactions")
struct TransactionTests {
    @Test("put, get, overwrite and delete")
    func putGetDelete() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                try txn.put(bytes("one"), forKey: bytes("a"), in: db)
                try txn.put(bytes("two"), forKey: bytes("b"), in: db)
                try txn.put([], forKey: bytes("empty"), in: db)
                // A transaction sees its own uncommitted writes.
                #expect(text(try txn.get(bytes("a"), in: db)) == "one")
            }
            try environment.write { txn throws in
                try txn.put(bytes("uno"), forKey: bytes("a"), in: db)
                #expect(try txn.delete(bytes("b"), in: db))
                #expect(try !txn.delete(bytes("b"), in: db))
                #expect(try !txn.delete(bytes("never"), in: db))
            }
            try environment.read { txn throws in
                #expect(text(try txn.get(bytes("a"), in: db)) == "uno")
                #expect(try txn.get(bytes("b"), in: db) == nil)
                #expect(try txn.get(bytes("empty"), in: db) == [])
                #expect(try txn.contains(bytes("a"), in: db))
                #expect(try !txn.contains(bytes("b"), in: db))
                #expect(try txn.count(in: db) == 2)
            }
        }
    }

    @Test("put from raw buffers copies the bytes")
    func putRawBuffers() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            var key = bytes("key")
            var value = bytes("value")
            try environment.write { txn throws in
                try value.withUnsafeBytes { valueBytes in
                    try key.withUnsafeBytes { keyBytes in try txn.put(valueBytes, forKey: keyBytes, in: db) }
                }
            }
            key[0] = 0
            value[0] = 0
            #expect(text(try environment.read { try $0.get(bytes("key"), in: db) }) == "value")
        }
    }

    @Test("putIfAbsent writes only new keys")
    func putIfAbsent() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                #expect(try txn.putIfAbsent(bytes("first"), forKey: bytes("k"), in: db))
                #expect(try !txn.putIfAbsent(bytes("second"), forKey: bytes("k"), in: db))
                // The transaction is still healthy after the refused insert.
                try txn.put(bytes("other"), forKey: bytes("k2"), in: db)
            }
            try environment.read { txn throws in
                #expect(text(try txn.get(bytes("k"), in: db)) == "first")
                #expect(text(try txn.get(bytes("k2"), in: db)) == "other")
            }
        }
    }

    @Test("append accepts ascending keys and rejects others without breaking the transaction")
    func append() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for index in 0..<1_000 {
                    try txn.append(bigEndian(UInt64(index)), forKey: bigEndian(UInt64(index)), in: db)
                }
                #expect(throws: LMDBError.keyExists) { try txn.append(bytes("x"), forKey: bigEndian(5), in: db) }
                try txn.put(bytes("after"), forKey: bigEndian(5_000), in: db)
            }
            try environment.read { txn throws in
                #expect(try txn.count(in: db) == 1_001)
                #expect(try txn.get(bigEndian(5), in: db) == bigEndian(5))
            }
        }
    }

    @Test("putAppendingWhenLast appends past the last key and puts anywhere else")
    func putAppendingWhenLast() throws {
        try withEnvironment { environment, _ throws in
            let appended = try environment.openDatabase("appended")
            let halved = try environment.openDatabase("halved")
            // Values of 1.3 KB: three fit a 4 KiB page; a plain put's split halves the last page, leaving two.
            let value = [UInt8](repeating: 7, count: 1_300)
            try environment.write { txn throws in
                for index in 0..<2_000 {
                    try txn.putAppendingWhenLast(value, forKey: bigEndian(UInt64(index)), in: appended)
                    try txn.put(value, forKey: bigEndian(UInt64(index)), in: halved)
                }
                // Not past the last key: an overwrite, an insert in the middle, and the last key itself.
                try txn.putAppendingWhenLast(bytes("replaced"), forKey: bigEndian(5), in: appended)
                try txn.putAppendingWhenLast(bytes("between"), forKey: bigEndian(5) + [0], in: appended)
                try txn.putAppendingWhenLast(bytes("last"), forKey: bigEndian(1_999), in: appended)
            }
            try environment.read { txn throws in
                #expect(try txn.count(in: appended) == 2_001)
                #expect(text(try txn.get(bigEndian(5), in: appended)) == "replaced")
                #expect(text(try txn.get(bigEndian(5) + [0], in: appended)) == "between")
                #expect(text(try txn.get(bigEndian(1_999), in: appended)) == "last")
                #expect(try txn.get(bigEndian(1_998), in: appended) == value)
                let appendedPages = try txn.statistics(for: appended).leafPages
                let halvedPages = try txn.statistics(for: halved).leafPages
                #expect(appendedPages <= 2_000 / 3 + 1, "three 1.3 KB values fill a page: \(appendedPages) leaf pages")
                #expect(appendedPages < halvedPages, "appended \(appendedPages), plain puts \(halvedPages)")
            }
        }
    }

    @Test("named databases are isolated")
    func namedDatabasesIsolation() throws {
        try withEnvironment { environment, _ throws in
            let docs = try environment.openDatabase("docs")
            let index = try environment.openDatabase("index")
            #expect(docs != index)
            try environment.write { txn throws in
                try txn.put(bytes("doc"), forKey: bytes("k"), in: docs)
                try txn.put(bytes("idx"), forKey: bytes("k"), in: index)
                try txn.put(bytes("only-index"), forKey: bytes("j"), in: index)
            }
            try environment.write { txn throws in try txn.clear(index) }
            try environment.read { txn throws in
                #expect(text(try txn.get(bytes("k"), in: docs)) == "doc")
                #expect(try txn.get(bytes("k"), in: index) == nil)
                #expect(try txn.count(in: docs) == 1)
                #expect(try txn.count(in: index) == 0)
            }
            // The cleared database is still usable.
            try environment.write { txn throws in try txn.put(bytes("back"), forKey: bytes("k"), in: index) }
            #expect(text(try environment.read { try $0.get(bytes("k"), in: index) }) == "back")
        }
    }

    @Test("a throwing write body aborts everything and its error is rethrown unchanged")
    func throwingWriteAborts() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in try txn.put(bytes("kept"), forKey: bytes("base"), in: db) }
            #expect(throws: TestFailure(tag: "boom")) {
                try environment.write { txn throws in
                    try txn.put(bytes("lost"), forKey: bytes("a"), in: db)
                    try txn.nested { child throws in try child.put(bytes("lost too"), forKey: bytes("b"), in: db) }
                    try txn.delete(bytes("base"), in: db)
                    throw TestFailure(tag: "boom")
                }
            }
            try environment.read { txn throws in
                #expect(try txn.get(bytes("a"), in: db) == nil)
                #expect(try txn.get(bytes("b"), in: db) == nil)
                #expect(text(try txn.get(bytes("base"), in: db)) == "kept")
            }
        }
    }

    @Test("a write returns its body's value")
    func writeReturnsValue() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            let result = try environment.write { txn throws in
                try txn.put(bytes("v"), forKey: bytes("k"), in: db)
                return 42
            }
            #expect(result == 42)
        }
    }

    @Test("a nested abort discards only the child's changes; a nested commit keeps them")
    func nestedTransactions() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { parent throws in
                try parent.put(bytes("p"), forKey: bytes("parent"), in: db)
                #expect(throws: TestFailure(tag: "child")) {
                    try parent.nested { child throws in
                        // The child sees the parent's writes.
                        #expect(text(try child.get(bytes("parent"), in: db)) == "p")
                        try child.put(bytes("x"), forKey: bytes("aborted"), in: db)
                        try child.delete(bytes("parent"), in: db)
                        throw TestFailure(tag: "child")
                    }
                }
                #expect(try parent.get(bytes("aborted"), in: db) == nil)
                #expect(text(try parent.get(bytes("parent"), in: db)) == "p")
                let value = try parent.nested { child throws in
                    try child.put(bytes("c"), forKey: bytes("committed"), in: db)
                    try child.nested { grandchild throws in
                        try grandchild.put(bytes("g"), forKey: bytes("grandchild"), in: db)
                    }
                    return 7
                }
                #expect(value == 7)
                #expect(text(try parent.get(bytes("committed"), in: db)) == "c")
            }
            try environment.read { txn throws in
                #expect(text(try txn.get(bytes("parent"), in: db)) == "p")
                #expect(text(try txn.get(bytes("committed"), in: db)) == "c")
                #expect(text(try txn.get(bytes("grandchild"), in: db)) == "g")
                #expect(try txn.get(bytes("aborted"), in: db) == nil)
            }
        }
    }

    @Test("the parent and its cursors throw while a nested transaction lives")
    func parentBusyDuringNested() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { parent throws in
                try parent.put(bytes("v"), forKey: bytes("k"), in: db)
                try parent.withCursor(in: db) { cursor throws in
                    try parent.nested { child throws in
                        #expect(throws: LMDBError.transactionBusy) { try parent.put(bytes("x"), forKey: bytes("y"), in: db) }
                        #expect(throws: LMDBError.transactionBusy) { try parent.get(bytes("k"), in: db) }
                        #expect(throws: LMDBError.transactionBusy) { try cursor.first() }
                        try child.put(bytes("w"), forKey: bytes("z"), in: db)
                    }
                    // Usable again once the child has ended.
                    #expect(try cursor.first())
                }
                #expect(text(try parent.get(bytes("z"), in: db)) == "w")
            }
        }
    }

    @Test("transactions and cursors used after their closure throw instead of crashing")
    func useAfterClosure() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            var escapedRead: ReadTransaction?
            var escapedWrite: WriteTransaction?
            var escapedChild: WriteTransaction?
            var escapedCursor: Cursor?
            try environment.write { txn throws in
                escapedWrite = txn
                try txn.put(bytes("v"), forKey: bytes("k"), in: db)
                try txn.nested { child throws in escapedChild = child }
            }
            try environment.read { txn throws in
                escapedRead = txn
                try txn.withCursor(in: db) { cursor throws in escapedCursor = cursor }
            }
            let read = try #require(escapedRead)
            let write = try #require(escapedWrite)
            let child = try #require(escapedChild)
            let cursor = try #require(escapedCursor)
            #expect(!read.isLive)
            #expect(throws: LMDBError.transactionEnded) { try read.get(bytes("k"), in: db) }
            #expect(throws: LMDBError.transactionEnded) { try read.scan(in: db, from: nil, to: nil) { _, _ in true } }
            #expect(throws: LMDBError.transactionEnded) { try write.put(bytes("v"), forKey: bytes("k"), in: db) }
            #expect(throws: LMDBError.transactionEnded) { try write.nested { _ in } }
            #expect(throws: LMDBError.transactionEnded) { try child.delete(bytes("k"), in: db) }
            #expect(throws: LMDBError.cursorClosed) { try cursor.first() }
            #expect(throws: LMDBError.cursorClosed) { try cursor.key }
        }
    }

    @Test("withValue lends the stored bytes without copying")
    func zeroCopyWithValue() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            let payload = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
            try environment.write { txn throws in try txn.put(payload, forKey: bytes("big"), in: db) }
            try environment.read { txn throws in
                let length = try txn.withValue(forKey: bytes("big"), in: db) { buffer -> Int in
                    #expect(buffer.elementsEqual(payload))
                    return buffer.count
                }
                #expect(length == payload.count)
                // Two lookups in the same snapshot lend the same mapped address: no copy was made.
                let first = try txn.withValue(forKey: bytes("big"), in: db) { Int(bitPattern: $0.baseAddress) }
                let second = try txn.withValue(forKey: bytes("big"), in: db) { Int(bitPattern: $0.baseAddress) }
                #expect(first == second)
                #expect(try txn.withValue(forKey: bytes("absent"), in: db) { $0.count } == nil)
            }
        }
    }

    @Test("updates are refused while borrowed bytes are in use")
    func updatesRefusedDuringBorrow() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                try txn.put(bytes("v"), forKey: bytes("k"), in: db)
                try txn.withValue(forKey: bytes("k"), in: db) { _ in
                    #expect(throws: LMDBError.transactionBusy) { try txn.put(bytes("w"), forKey: bytes("k"), in: db) }
                    #expect(throws: LMDBError.transactionBusy) { try txn.delete(bytes("k"), in: db) }
                    #expect(throws: LMDBError.transactionBusy) { try txn.nested { _ in } }
                }
                try txn.scan(in: db, from: nil, to: nil) { _, _ in
                    #expect(throws: LMDBError.transactionBusy) { try txn.clear(db) }
                    return true
                }
                try txn.withCursor(in: db) { cursor throws in
                    #expect(try cursor.first())
                    try cursor.withKey { _ -> Void in
                        #expect(throws: LMDBError.transactionBusy) { try cursor.deleteCurrent() }
                    }
                }
                // After the borrows end, updates work again.
                try txn.put(bytes("w"), forKey: bytes("k"), in: db)
            }
            #expect(text(try environment.read { try $0.get(bytes("k"), in: db) }) == "w")
        }
    }

    @Test("write inside read or write throws reentrantTransaction; read inside write sees the last commit")
    func reentrancy() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                #expect(throws: LMDBError.reentrantTransaction) { try environment.write { _ in } }
                try txn.put(bytes("uncommitted"), forKey: bytes("k"), in: db)
                try environment.read { snapshot throws in
                    #expect(try snapshot.get(bytes("k"), in: db) == nil)
                    #expect(throws: LMDBError.reentrantTransaction) { try environment.write { _ in } }
                }
            }
            try environment.read { outer throws in
                #expect(throws: LMDBError.reentrantTransaction) { try environment.write { _ in } }
                #expect(throws: LMDBError.reentrantTransaction) { _ = try environment.openDatabase("other") }
                // Nested reads are fine and see the same data.
                let inner = try environment.read { txn throws in
                    #expect(environment.liveReadTransactions == 2)
                    return try txn.get(bytes("k"), in: db)
                }
                #expect(try outer.get(bytes("k"), in: db) == inner)
                #expect(environment.liveReadTransactions == 1)
            }
        }
    }

    @Test("live counters track open read transactions and cursors")
    func liveCounters() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            #expect(environment.liveReadTransactions == 0)
            try environment.read { txn throws in
                #expect(environment.liveReadTransactions == 1)
                try txn.withCursor(in: db) { _ in
                    #expect(environment.liveCursors == 1)
                }
                try txn.scan(in: db, from: nil, to: nil) { _, _ in true }
                #expect(environment.liveCursors == 0)
            }
            #expect(throws: TestFailure(tag: "x")) {
                try environment.read { txn throws in
                    try txn.withCursor(in: db) { _ in throw TestFailure(tag: "x") }
                }
            }
            #expect(environment.liveReadTransactions == 0)
            #expect(environment.liveCursors == 0)
        }
    }
}
