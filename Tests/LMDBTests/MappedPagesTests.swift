import LMDB
import Testing

#if os(Linux)
/// Dropping the data file's mapped pages: resident memory falls, and every read still sees the
/// stored bytes, inside a read transaction or after it.
@Suite("Releasing the data file's mapped pages")
struct MappedPagesTests {
    /// 4,096 values of 4 KiB (16 MiB), each filled with its own index's low byte.
    private static let count = 4_096
    private static let valueBytes = 4_096

    private static func key(_ index: Int) -> [UInt8] { bytes("k\(100_000 + index)") }

    private static func fill(_ environment: Environment, _ db: Database) throws {
        try environment.write { txn throws in
            for index in 0..<count {
                try txn.put([UInt8](repeating: UInt8(index & 0xff), count: valueBytes), forKey: key(index), in: db)
            }
        }
    }

    /// Reads every value and checks its bytes; returns how many were whole.
    private static func readAll(_ environment: Environment, _ db: Database, releasingAt middle: Int? = nil) throws -> Int {
        try environment.read { txn throws in
            var whole = 0
            for index in 0..<count {
                if index == middle { environment.releaseMappedPages() }
                try txn.withValue(forKey: key(index), in: db) { value in
                    if value.count == valueBytes && value.allSatisfy({ $0 == UInt8(index & 0xff) }) { whole += 1 }
                }
            }
            return whole
        }
    }

    @Test func residentPagesFallAndReadsStillSeeTheStoredBytes() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try Self.fill(environment, db)
            #expect(try Self.readAll(environment, db) == Self.count)
            let before = try #require(environment.mappedResidentBytes())
            #expect(before >= Self.count * Self.valueBytes / 2, "reading 16 MiB maps most of it")
            #expect(environment.releaseMappedPages() >= Self.count * Self.valueBytes)
            let after = try #require(environment.mappedResidentBytes())
            #expect(after < before / 8)
            // The pages come back from the page cache as they are read again.
            #expect(try Self.readAll(environment, db) == Self.count)
            #expect(try #require(environment.mappedResidentBytes()) > after)
        }
    }

    @Test func releasingInsideAReadKeepsItsSnapshot() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try Self.fill(environment, db)
            #expect(try Self.readAll(environment, db, releasingAt: Self.count / 2) == Self.count)
            // After a later write, a release inside a read of the new version still reads it whole.
            try environment.write { txn throws in try txn.put(bytes("new"), forKey: bytes("z"), in: db) }
            #expect(try Self.readAll(environment, db, releasingAt: 1) == Self.count)
        }
    }

    @Test func releasingInsideAWriteKeepsWhatItChangedAndWhatItDidNot() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try Self.fill(environment, db)
            try environment.write { txn throws in
                for index in stride(from: 0, to: Self.count, by: 2) {
                    try txn.put([UInt8](repeating: 0xEE, count: Self.valueBytes), forKey: Self.key(index), in: db)
                    if index % 512 == 0 { txn.releaseMappedPages() }
                }
                txn.releaseMappedPages()
                for index in 0..<Self.count {
                    let expected: UInt8 = index % 2 == 0 ? 0xEE : UInt8(index & 0xff)
                    let whole = try txn.withValue(forKey: Self.key(index), in: db) { value in value.allSatisfy { $0 == expected } }
                    #expect(whole == true, "key \(index) inside the write")
                }
            }
            try environment.read { txn throws in
                for index in 0..<Self.count {
                    let expected: UInt8 = index % 2 == 0 ? 0xEE : UInt8(index & 0xff)
                    let whole = try txn.withValue(forKey: Self.key(index), in: db) { value in value.allSatisfy { $0 == expected } }
                    #expect(whole == true, "key \(index) after the commit")
                }
            }
        }
    }

    @Test func theMapIsFoundAgainAfterItGrows() throws {
        try withEnvironment(EnvironmentOptions(mapSize: 1 << 20, durable: false)) { environment, _ throws in
            let db = try environment.openDatabase("t")
            // Released once at the first size (its address remembered), then grown past it.
            #expect(environment.releaseMappedPages() == 1 << 20)
            try Self.fill(environment, db)
            #expect(environment.mapSize > 1 << 20)
            #expect(try Self.readAll(environment, db) == Self.count)
            let before = try #require(environment.mappedResidentBytes())
            #expect(environment.releaseMappedPages() == environment.mapSize)
            #expect(try #require(environment.mappedResidentBytes()) < before / 8)
            #expect(try Self.readAll(environment, db) == Self.count)
        }
    }

    @Test func aClosedEnvironmentReleasesNothing() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try Self.fill(environment, db)
            environment.close()
            #expect(environment.releaseMappedPages() == 0)
        }
    }
}
#endif
