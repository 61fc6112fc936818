import Foundation
import LMDB
import Testing

@Suite("Environment lifecycle")
struct EnvironmentTests {
    @Test("data survives close and reopen")
    func persistenceAcrossReopen() throws {
        try withTemporaryDirectory { directory throws in
            do {
                let environment = try Environment(path: directory.path)
                let db = try environment.openDatabase("docs")
                try environment.write { txn throws in try txn.put(bytes("v1"), forKey: bytes("k1"), in: db) }
                environment.close()
                #expect(environment.isClosed)
            }
            let reopened = try Environment(path: directory.path)
            defer { reopened.close() }
            let db = try reopened.openDatabase("docs")
            let value = try reopened.read { txn throws in try txn.get(bytes("k1"), in: db) }
            #expect(text(value) == "v1")
            #expect(reopened.maxKeySize == 511)
            #expect(reopened.staleReadersCleared == 0)
            #expect(try reopened.clearStaleReaders() == 0)
        }
    }

    @Test("missing parent directories are created")
    func createsDirectories() throws {
        try withTemporaryDirectory { directory throws in
            let nested = directory.path + "/a/b/c"
            let environment = try Environment(path: nested)
            defer { environment.close() }
            #expect(FileManager.default.fileExists(atPath: nested + "/data.mdb"))
            #expect(FileManager.default.fileExists(atPath: nested + "/lock.mdb"))
        }
    }

    @Test("a second open of the same directory throws alreadyOpen until the first closes")
    func secondOpenThrows() throws {
        try withTemporaryDirectory { directory throws in
            let first = try Environment(path: directory.path)
            #expect(throws: LMDBError.alreadyOpen) { _ = try Environment(path: directory.path) }
            // The same directory spelled differently is still the same environment.
            #expect(throws: LMDBError.alreadyOpen) { _ = try Environment(path: directory.path + "/./") }
            let link = directory.path + "-link"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path)
            defer { try? FileManager.default.removeItem(atPath: link) }
            #expect(throws: LMDBError.alreadyOpen) { _ = try Environment(path: link) }
            first.close()
            let second = try Environment(path: link)
            second.close()
        }
    }

    @Test("deinit closes the environment and releases the path")
    func deinitCloses() throws {
        try withTemporaryDirectory { directory throws in
            func openAndDrop() throws {
                let environment = try Environment(path: directory.path)
                let db = try environment.openDatabase("t")
                try environment.write { txn throws in try txn.put(bytes("x"), forKey: bytes("k"), in: db) }
            }
            try openAndDrop()
            let again = try Environment(path: directory.path)
            defer { again.close() }
            let db = try again.openDatabase("t")
            #expect(try again.read { try $0.get(bytes("k"), in: db) } == bytes("x"))
        }
    }

    @Test("close is idempotent and later use throws environmentClosed")
    func useAfterClose() throws {
        try withTemporaryDirectory { directory throws in
            let environment = try Environment(path: directory.path)
            let db = try environment.openDatabase("t")
            environment.close()
            environment.close()
            #expect(throws: LMDBError.environmentClosed) { try environment.read { _ in 1 } }
            #expect(throws: LMDBError.environmentClosed) { try environment.write { _ in 1 } }
            #expect(throws: LMDBError.environmentClosed) { try environment.statistics(db) }
            #expect(throws: LMDBError.environmentClosed) { try environment.sync(force: true) }
            #expect(throws: LMDBError.environmentClosed) { _ = try environment.openDatabase("u") }
        }
    }

    @Test("close inside a transaction body happens when the body ends")
    func closeInsideBodyIsDeferred() throws {
        try withTemporaryDirectory { directory throws in
            let environment = try Environment(path: directory.path)
            let db = try environment.openDatabase("t")
            try environment.read { txn throws in
                environment.close()
                #expect(!environment.isClosed)
                #expect(try txn.get(bytes("k"), in: db) == nil)
            }
            #expect(environment.isClosed)
            #expect(environment.liveReadTransactions == 0)
        }
    }

    /// The two modes that skip syncs at commit, and which syncs each skips.
    enum SkippingMode: String, CaseIterable, Sendable {
        case nonDurable, deferredMetaSync

        var options: EnvironmentOptions {
            var options = EnvironmentOptions(durable: self == .deferredMetaSync)
            options.defersMetaSync = self == .deferredMetaSync
            return options
        }

        /// What `skippedSyncs()` reports: non-durable skips both, deferred only the meta page's.
        var skipped: (dataPages: Bool, metaPage: Bool) { (self == .nonDurable, true) }
    }

    @Test("modes that skip syncs: LMDB reports the right flags, commits persist after close", arguments: SkippingMode.allCases)
    func syncSkippingModes(mode: SkippingMode) throws {
        try withTemporaryDirectory { directory throws in
            do {
                let environment = try Environment(path: directory.path, options: mode.options)
                let skipped = try environment.skippedSyncs()
                #expect(skipped.dataPages == mode.skipped.dataPages && skipped.metaPage == mode.skipped.metaPage)
                let db = try environment.openDatabase("t")
                for index in 0..<100 {
                    try environment.write { txn throws in try txn.put(bigEndian(UInt64(index)), forKey: bigEndian(UInt64(index)), in: db) }
                }
                try environment.sync(force: true)
                try environment.write { txn throws in try txn.put(bytes("last"), forKey: bytes("z"), in: db) }
                environment.close()
            }
            let reopened = try Environment(path: directory.path)
            defer { reopened.close() }
            let skipped = try reopened.skippedSyncs()
            #expect(!skipped.metaPage && !skipped.dataPages, "the default mode syncs both")
            let db = try reopened.openDatabase("t")
            try reopened.read { txn throws in
                #expect(try txn.count(in: db) == 101)
                #expect(try txn.get(bytes("z"), in: db) == bytes("last"))
            }
        }
    }

    @Test("invalid options and unusable paths throw instead of crashing")
    func invalidOpen() throws {
        try withTemporaryDirectory { directory throws in
            #expect(throws: LMDBError.self) { _ = try Environment(path: directory.path, options: .init(mapSize: 0)) }
            #expect(throws: LMDBError.self) { _ = try Environment(path: directory.path, options: .init(maxReaders: 0)) }
            // A regular file where the directory should be.
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
            let file = directory.path + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data([1, 2, 3])))
            #expect(throws: LMDBError.self) { _ = try Environment(path: file) }
            #expect(throws: LMDBError.self) { _ = try Environment(path: file + "/sub") }
            // A failed open leaves nothing claimed: a valid open of a fresh path still works.
            let environment = try Environment(path: directory.path + "/ok")
            environment.close()
        }
    }

    @Test("openDatabase respects maxDatabases and rejects empty names")
    func databaseLimits() throws {
        try withEnvironment(.init(maxDatabases: 2)) { environment, _ throws in
            let first = try environment.openDatabase("one")
            _ = try environment.openDatabase("two")
            #expect(try environment.openDatabase("one") == first)
            #expect(throws: LMDBError.databasesFull) { _ = try environment.openDatabase("three") }
            #expect(throws: LMDBError.self) { _ = try environment.openDatabase("") }
        }
    }

    @Test("openDatabases opens many in order, and creates none when one fails")
    func databasesTogether() throws {
        try withEnvironment(.init(maxDatabases: 2)) { environment, _ throws in
            #expect(throws: LMDBError.databasesFull) { _ = try environment.openDatabases(["a", "b", "c"]) }
            #expect(throws: LMDBError.self) { _ = try environment.openDatabases(["x", ""]) }
            // Had "a" and "b" been created, the limit of two would refuse these.
            let opened = try environment.openDatabases(["x", "y"])
            #expect(opened.map(\.name) == ["x", "y"])
            try environment.write { txn throws in try txn.put(bytes("1"), forKey: bytes("k"), in: opened[1]) }
            #expect(try environment.openDatabase("y") == opened[1])
            #expect(text(try environment.read { txn throws in try txn.get(bytes("k"), in: opened[1]) }) == "1")
            #expect(try environment.read { txn throws in try txn.get(bytes("k"), in: opened[0]) } == nil)
        }
    }

    @Test("a Database from another environment is rejected")
    func foreignDatabase() throws {
        try withEnvironment { first, _ throws in
            try withEnvironment { second, _ throws in
                let foreign = try first.openDatabase("t")
                #expect(throws: LMDBError.badDatabase) { try second.read { try $0.get(bytes("k"), in: foreign) } }
                #expect(throws: LMDBError.badDatabase) {
                    try second.write { try $0.put(bytes("v"), forKey: bytes("k"), in: foreign) }
                }
            }
        }
    }

    @Test("statistics report entries and pages")
    func statistics() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for index in 0..<500 {
                    try txn.put([UInt8](repeating: 7, count: 100), forKey: bigEndian(UInt64(index)), in: db)
                }
            }
            let stats = try environment.statistics(db)
            #expect(stats.entries == 500)
            #expect(stats.depth >= 2)
            #expect(stats.leafPages > 1)
            #expect(stats.pages == stats.branchPages + stats.leafPages + stats.overflowPages)
            #expect(stats.pageSize >= 4096)
        }
    }
}
