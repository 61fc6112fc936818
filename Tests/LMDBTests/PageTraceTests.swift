import LMDB
import Testing

@Suite("Page traces: the distinct map pages reads are handed")
struct PageTraceTests {
    /// An environment holding 2,000 entries of 200-byte values (about 50 per leaf page).
    static func withEntries(_ body: (Environment, Database) throws -> Void) throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.openDatabase("t")
            try environment.write { txn throws in
                for index in 0..<2_000 {
                    try txn.put([UInt8](repeating: UInt8(index % 251), count: 200), forKey: bytes("k" + String(100_000 + index).dropFirst()), in: db)
                }
            }
            try body(environment, db)
        }
    }

    @Test func aWalkTouchesAboutOnePagePerPageOfEntries() throws {
        try Self.withEntries { environment, db in
            let (walked, trace) = try environment.tracingPages {
                try environment.read { txn in
                    var walked = 0
                    try txn.scan(in: db, from: nil, to: nil) { _, _ in
                        walked += 1
                        return true
                    }
                    return walked
                }
            }
            #expect(walked == 2_000)
            #expect(trace.entries == 2_000)
            // 2,000 × ~215 bytes fill about 105 pages of 4 KiB; leaves are at least half full.
            #expect(trace.pages * trace.pageSize >= 2_000 * 200)
            #expect(trace.pages * trace.pageSize <= 2_000 * 215 * 2 + trace.pageSize)
            #expect(trace.bytes == trace.pages * trace.pageSize)
        }
    }

    @Test func pointLookupsCountTheirValuesPageAndNothingIsRecordedOutsideATrace() throws {
        try Self.withEntries { environment, db in
            let (_, one) = try environment.tracingPages {
                try environment.read { txn in
                    _ = try txn.get(bytes("k00010"), in: db)
                    _ = try txn.get(bytes("k00011"), in: db)
                }
            }
            #expect(one.entries == 2)
            #expect(one.pages == 1, "neighbouring keys share a leaf page")
            _ = try environment.read { txn in try txn.get(bytes("k01999"), in: db) }
            let (_, none) = try environment.tracingPages {}
            #expect(none.entries == 0)
            #expect(none.pages == 0)
        }
    }
}
