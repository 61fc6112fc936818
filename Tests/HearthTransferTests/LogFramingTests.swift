import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

@Suite struct LogFramingTests {
    @Test func crc32cMatchesTheStandardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        let long = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let split = long.withUnsafeBytes { raw in
            CRC32C.update(CRC32C.update(0, UnsafeRawBufferPointer(rebasing: raw[..<333])), UnsafeRawBufferPointer(rebasing: raw[333...]))
        }
        #expect(split == CRC32C.checksum(long))
    }

    @Test func maskRoundTrips() {
        for value: UInt32 in [0, 1, 0xFFFF_FFFF, 0xE306_9283] {
            #expect(CRC32C.unmask(CRC32C.mask(value)) == value)
            #expect(CRC32C.mask(value) != value)
        }
    }

    @Test func recordsOfEverySizeRoundTripAcrossBlocks() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let sizes = [0, 1, 100, LogFormat.blockSize - LogFormat.headerSize, LogFormat.blockSize - 2 * LogFormat.headerSize - 3,
                     5, 100_000, 3 * LogFormat.blockSize, 7]
        let records = sizes.enumerated().map { index, size in (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) } }
        let writer = try LogWriter(path: path)
        for record in records { try writer.append(record) }
        try writer.finish(padBlock: true)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).intValue
        #expect(size % LogFormat.blockSize == 0)
        let reader = try LogReader(path: path)
        var read: [[UInt8]] = []
        while let record = try reader.next() { read.append(record) }
        #expect(read == records)
    }

    @Test func aFlippedByteIsReportedWithItsFileAndOffset() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let writer = try LogWriter(path: path)
        try writer.append(Array("first".utf8))
        try writer.append(Array("second".utf8))
        try writer.finish()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[12 + 7 + 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = try LogReader(path: path)
        #expect(try reader.next() == Array("first".utf8))
        #expect(throws: FirestoreError.self) { _ = try reader.next() }
        do {
            _ = try reader.next()
        } catch {
            #expect(error.code == .dataLoss)
            #expect(error.message.contains(path))
        }
        let again = try LogReader(path: path)
        _ = try again.next()
        do {
            _ = try again.next()
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("at byte 12"), "\(error.message)")
            #expect(error.message.contains("checksum"), "\(error.message)")
        }
    }

    @Test func aTruncatedFileIsReported() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let writer = try LogWriter(path: path)
        try writer.append([UInt8](repeating: 7, count: 50_000))
        try writer.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(40_000).write(to: URL(fileURLWithPath: path))
        let reader = try LogReader(path: path)
        do {
            _ = try reader.next()
            Issue.record("no error")
        } catch {
            #expect(error.code == .dataLoss)
            #expect(error.message.contains("truncated") || error.message.contains("ends inside"), "\(error.message)")
            #expect(error.message.contains("at byte"), "\(error.message)")
        }
    }

    /// Records a, b (over one block, so b continues into the next), c, d (two blocks), e.
    private func writeFiveRecords(to path: String) throws -> [[UInt8]] {
        let sizes = [10, 50_000, 10, 40_000, 10]
        let records = sizes.enumerated().map { index, size in [UInt8](repeating: UInt8(index + 1), count: size) }
        let writer = try LogWriter(path: path)
        for record in records { try writer.append(record) }
        try writer.finish()
        return records
    }

    /// Reads every entry of `path` with resynchronisation on.
    private func entries(_ path: String) throws -> (records: [[UInt8]], damage: [FirestoreError], dropped: Int64) {
        let reader = try LogReader(path: path)
        reader.resynchronizes = true
        var records: [[UInt8]] = []
        var damage: [FirestoreError] = []
        while let entry = try reader.nextEntry() {
            switch entry {
            case .record(let record): records.append(record)
            case .damage(let error): damage.append(error)
            }
        }
        return (records, damage, reader.droppedBytes)
    }

    @Test func resynchronisingDropsTheDamagedBlockAndTheContinuationOfItsRecord() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let records = try writeFiveRecords(to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Inside b's first fragment (a's record is 7 + 10 bytes, then b's header).
        bytes[17 + 7 + 100] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try entries(path)
        #expect(read.records == [records[0], records[2], records[3], records[4]])
        #expect(read.damage.count == 1, "one damaged place, however many fragments it spoiled")
        #expect(read.damage.first?.code == .dataLoss)
        #expect(read.damage.first?.message.contains("at byte 17") == true, "\(read.damage)")
        // The rest of block 0 and b's last fragment (header and payload) in block 1.
        let lastFragment = 50_000 - (LogFormat.blockSize - 17 - LogFormat.headerSize)
        #expect(read.dropped == Int64(LogFormat.blockSize - 17 + LogFormat.headerSize + lastFragment))
        // Without resynchronising the same file stops at the damage.
        let strict = try LogReader(path: path)
        #expect(try strict.next() == records[0])
        #expect(throws: FirestoreError.self) { _ = try strict.next() }
    }

    @Test func resynchronisingReportsATruncatedEndAndStops() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let records = try writeFiveRecords(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut inside d, which starts in block 1 and ends in block 2.
        try bytes.prefix(LogFormat.blockSize + 30_000).write(to: URL(fileURLWithPath: path))
        let read = try entries(path)
        #expect(read.records == Array(records[0...2]))
        #expect(read.damage.count == 1)
        #expect(read.damage.first?.message.contains("truncated") == true || read.damage.first?.message.contains("ends inside") == true)
    }

    @Test func resynchronisingAnIntactFileChangesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("log")
        let records = try writeFiveRecords(to: path)
        let read = try entries(path)
        #expect(read.records == records)
        #expect(read.damage.isEmpty)
        #expect(read.dropped == 0)
    }
}
