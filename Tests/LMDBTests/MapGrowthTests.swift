import Foundation
import LMDB
import Testing

@Suite("Map growth")
struct MapGrowthTests {
    static let smallMap = 1 << 20  // 1 MiB, a multiple of every common page size

    /// Writes `count` values of 4 KiB (about `count` × 4 KiB of pages) in one write; returns the attempts.
    static func writeBulk(_ environment: Environment, _ db: Database, count: Int, tag: UInt8) throws -> Int {
        var attempts = 0
        try environment.write { txn throws in
            attempts += 1
            for index in 0..<count {
                try txn.put([UInt8](repeating: tag, count: 4_096), forKey: bigEndian(UInt64(index)), in: db)
            }
        }
        return attempts
    }

    @Test("a write larger than the map grows it, replays the body and persists")
    func growsAndReplays() throws {
        try withTemporaryDirectory { directory throws in
            var grownSize = 0
            do {
                let environment = try Environment(path: directory.path, options: .init(mapSize: Self.smallMap))
                defer { environment.close() }
                #expect(environment.mapSize == Self.smallMap)
                let db = try environment.openDatabase("t")
                let attempts = try Self.writeBulk(environment, db, count: 1_000, tag: 7)  // ~4 MiB
                #expect(attempts > 1)
                grownSize = environment.mapSize
                #expect(grownSize > 4 * Self.smallMap)
                #expect(grownSize % 4_096 == 0)
            }
            // Reopening with the small size adopts the grown size: the map never shrinks.
            let reopened = try Environment(path: directory.path, options: .init(mapSize: Self.smallMap))
            defer { reopened.close() }
            #expect(reopened.mapSize >= grownSize)
            let db = try reopened.openDatabase("t")
            try reopened.read { txn throws in
                #expect(try txn.count(in: db) == 1_000)
                for index in [0, 499, 999] {
                    let value = try txn.get(bigEndian(UInt64(index)), in: db)
                    #expect(value == [UInt8](repeating: 7, count: 4_096))
                }
            }
        }
    }

    @Test("map-full inside a nested transaction replays the whole write even if the body catches it")
    func mapFullInNestedReplays() throws {
        try withEnvironment(.init(mapSize: Self.smallMap)) { environment, _ throws in
            let db = try environment.openDatabase("t")
            var attempts = 0
            var caught = 0
            try environment.write { txn throws in
                attempts += 1
                do {
                    try txn.nested { child throws in
                        for index in 0..<600 {
                            try child.put([UInt8](repeating: 1, count: 4_096), forKey: bigEndian(UInt64(index)), in: db)
                        }
                    }
                } catch LMDBError.mapFull {
                    caught += 1
                }
            }
            #expect(attempts > 1)
            #expect(caught == attempts - 1)
            #expect(try environment.read { try $0.count(in: db) } == 600)
        }
    }

    @Test("growth waits for an in-flight reader, which keeps a consistent snapshot")
    func growthWaitsForReader() throws {
        try withEnvironment(.init(mapSize: Self.smallMap)) { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in try txn.put(bytes("before"), forKey: bytes("marker"), in: db) }
            let readerInside = DispatchSemaphore(value: 0)
            let readerFinished = Shared<Bool>(false)
            let failures = Shared<[String]>([])
            let reader = startThread {
                do {
                    try environment.read { txn throws in
                        readerInside.signal()
                        // Stay inside until the map growth waits for this read (bounded, in case it never does).
                        if !environment.waitForThreadWaitingForReaders(seconds: 60) {
                            failures.update { $0.append("the map growth never waited for the read") }
                        }
                        // A nested read on this thread must not deadlock behind the waiting resize.
                        let inner = try environment.read { try $0.get(bytes("marker"), in: db) }
                        if text(inner) != "before" { failures.update { $0.append("inner read saw \(String(describing: text(inner)))") } }
                        if try txn.count(in: db) != 1 { failures.update { $0.append("snapshot changed") } }
                        readerFinished.update { $0 = true }
                    }
                } catch {
                    failures.update { $0.append("reader: \(error)") }
                }
            }
            readerInside.wait()
            let attempts = try Self.writeBulk(environment, db, count: 800, tag: 3)
            // Growing required the reader to finish first.
            #expect(attempts > 1)
            #expect(readerFinished.value)
            join(reader)
            #expect(failures.value.isEmpty, "\(failures.value)")
            #expect(try environment.read { try $0.count(in: db) } == 801)
        }
    }

    @Test("the map grows repeatedly while other threads keep reading")
    func growthWithConcurrentReaders() throws {
        try withEnvironment(.init(mapSize: Self.smallMap)) { environment, _ throws in
            let db = try environment.openDatabase("t")
            let stop = Shared<Bool>(false)
            let failures = Shared<[String]>([])
            let reads = Shared<Int>(0)
            let readers = (0..<3).map { _ in
                startThread {
                    while !stop.value {
                        do {
                            try environment.read { txn throws in
                                // Every committed batch wrote keys 0..<n with the same tag: check consistency.
                                var tags = Set<UInt8>()
                                try txn.scan(in: db, from: nil, to: bigEndian(50)) { _, value in
                                    tags.insert(value.first ?? 0)
                                    return true
                                }
                                if tags.count > 1 { failures.update { $0.append("mixed snapshot \(tags)") } }
                            }
                            reads.update { $0 += 1 }
                        } catch {
                            failures.update { $0.append("reader: \(error)") }
                        }
                    }
                }
            }
            var size = environment.mapSize
            for round in 1...4 {
                _ = try Self.writeBulk(environment, db, count: 300 * round, tag: UInt8(round))
                #expect(environment.mapSize >= size)
                size = environment.mapSize
            }
            stop.update { $0 = true }
            readers.forEach { join($0) }
            #expect(failures.value.isEmpty, "\(failures.value)")
            #expect(reads.value > 0)
            #expect(environment.mapSize > Self.smallMap)
            #expect(try environment.read { try $0.count(in: db) } == 1_200)
        }
    }

    /// Loads `count` entries of 4 KiB into database `t` from another process (`mdb_load`), which grows the
    /// map to `mapSize` bytes behind our back.
    static func loadFromAnotherProcess(_ directory: String, mapSize: Int, count: Int, firstKey: Int) throws {
        var dump = "VERSION=3\nformat=bytevalue\ntype=btree\nmapsize=\(mapSize)\nHEADER=END\n"
        let value = String(repeating: "cd", count: 4_096)
        for index in firstKey..<(firstKey + count) {
            dump += " " + bigEndian(UInt64(index)).map { String(format: "%02x", $0) }.joined() + "\n"
            dump += " " + value + "\n"
        }
        dump += "DATA=END\n"
        let dumpPath = directory + ".dump"
        defer { try? FileManager.default.removeItem(atPath: dumpPath) }
        try dump.write(toFile: dumpPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mdbLoad)
        process.arguments = ["-f", dumpPath, "-s", "t", directory]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static let mdbLoad = "/usr/bin/mdb_load"

    @Test(
        "a map grown by another process is adopted (MDB_MAP_RESIZED) by reads and writes",
        .enabled(if: FileManager.default.isExecutableFile(atPath: mdbLoad)))
    func mapResizedByAnotherProcess() throws {
        try withEnvironment(.init(mapSize: Self.smallMap)) { environment, directory throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in try txn.put(bytes("mine"), forKey: bytes("zzz"), in: db) }

            try Self.loadFromAnotherProcess(directory.path, mapSize: 16 << 20, count: 1_000, firstKey: 0)
            // Our map (1 MiB) is now smaller than the data: the read adopts the new size and retries.
            #expect(try environment.read { try $0.count(in: db) } == 1_001)
            #expect(environment.mapSize >= 16 << 20)

            try Self.loadFromAnotherProcess(directory.path, mapSize: 32 << 20, count: 1_500, firstKey: 1_000)
            // This time the write path meets MDB_MAP_RESIZED first.
            try environment.write { txn throws in
                #expect(try txn.count(in: db) == 2_501)
                try txn.put(bytes("again"), forKey: bytes("zzz"), in: db)
            }
            #expect(environment.mapSize >= 32 << 20)
            #expect(text(try environment.read { try $0.get(bytes("zzz"), in: db) }) == "again")
        }
    }
}
