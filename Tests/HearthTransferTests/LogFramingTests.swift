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
}
