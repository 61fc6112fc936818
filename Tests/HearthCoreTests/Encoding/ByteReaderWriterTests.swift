@testable import HearthCore
import Testing

@Suite("ByteWriter and ByteReader")
struct ByteReaderWriterTests {
    @Test(arguments: [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, 1 << 32, UInt64(Int64.max), UInt64.max] as [UInt64])
    func varintRoundTrips(_ value: UInt64) throws {
        var bytes: [UInt8] = []
        ByteWriter.writeVarint(value, into: &bytes)
        #expect(bytes.count == max(1, (64 - value.leadingZeroBitCount + 6) / 7))
        let decoded = try reading(bytes) { reader throws(FirestoreError) in
            let decoded = try reader.readVarint()
            try reader.expectEnd()
            return decoded
        }
        #expect(decoded == value)
    }

    @Test(arguments: [0, -1, 1, -2, 2, 63, -64, 64, Int64.max, Int64.min, Int64.min + 1] as [Int64])
    func zigZagRoundTrips(_ value: Int64) throws {
        var bytes: [UInt8] = []
        ByteWriter.writeZigZag(value, into: &bytes)
        let decoded = try reading(bytes) { reader throws(FirestoreError) in try reader.readZigZag() }
        #expect(decoded == value)
        #expect(ByteWriter.unZigZag(ByteWriter.zigZag(value)) == value)
    }

    @Test func zigZagMapsSmallMagnitudesToSmallNumbers() {
        #expect([0, -1, 1, -2, 2].map { ByteWriter.zigZag($0) } == [0, 1, 2, 3, 4])
    }

    @Test func fixedWidthIsBigEndian() throws {
        var bytes: [UInt8] = []
        ByteWriter.writeUInt32BigEndian(0x0102_0304, into: &bytes)
        ByteWriter.writeUInt64BigEndian(0x1112_1314_1516_1718, into: &bytes)
        #expect(bytes == [1, 2, 3, 4, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18])
        let a = try reading(bytes) { reader throws(FirestoreError) in try reader.readUInt32BigEndian() }
        let b = try reading(Array(bytes.dropFirst(4))) { reader throws(FirestoreError) in
            try reader.readUInt64BigEndian()
        }
        #expect(a == 0x0102_0304)
        #expect(b == 0x1112_1314_1516_1718)
    }

    @Test func stringsRoundTripAndInvalidUTF8Throws() throws {
        var bytes: [UInt8] = []
        ByteWriter.writeString("héllo 😀", into: &bytes)
        let decoded = try reading(bytes) { reader throws(FirestoreError) in try reader.readString() }
        #expect(decoded == "héllo 😀")
        expectCorrupt([2, 0xC3, 0x28]) { reader throws(FirestoreError) in _ = try reader.readString() }
        expectCorrupt([1, 0xFF]) { reader throws(FirestoreError) in _ = try reader.readString() }
    }

    @Test func malformedInputThrowsDataLoss() {
        // Truncated varints, an 11-byte varint, a 10th byte that overflows 64 bits.
        expectCorrupt([]) { reader throws(FirestoreError) in _ = try reader.readVarint() }
        expectCorrupt([0x80]) { reader throws(FirestoreError) in _ = try reader.readVarint() }
        expectCorrupt([UInt8](repeating: 0x80, count: 11)) { reader throws(FirestoreError) in
            _ = try reader.readVarint()
        }
        expectCorrupt([UInt8](repeating: 0xFF, count: 9) + [0x02]) { reader throws(FirestoreError) in
            _ = try reader.readVarint()
        }
        // Fixed widths and raw bytes past the end.
        expectCorrupt([1, 2, 3]) { reader throws(FirestoreError) in _ = try reader.readUInt32BigEndian() }
        expectCorrupt([1, 2, 3, 4, 5, 6, 7]) { reader throws(FirestoreError) in _ = try reader.readUInt64BigEndian() }
        expectCorrupt([1, 2]) { reader throws(FirestoreError) in _ = try reader.readRawBytes(count: 3) }
        expectCorrupt([1, 2]) { reader throws(FirestoreError) in _ = try reader.readRawBytes(count: -1) }
        // A length larger than what is left.
        expectCorrupt([5, 1, 2]) { reader throws(FirestoreError) in _ = try reader.readLength() }
        expectCorrupt([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) { reader throws(FirestoreError) in
            _ = try reader.readLength()
        }
        // Trailing bytes.
        expectCorrupt([0, 0]) { reader throws(FirestoreError) in
            _ = try reader.readVarint()
            try reader.expectEnd()
        }
    }

    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 8)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4,
                                    0xF5, 0xFF, 0x90, 0x9F, 0xA0]
        var samples: [[UInt8]] = trickyStrings.map { Array($0.utf8) }
        for _ in 0 ..< 20_000 {
            let length = random.below(12)
            samples.append((0 ..< length).map { _ in
                random.chance(50) ? random.pick(interesting) : UInt8(random.below(256))
            })
        }
        // ASCII runs of every length up to 24 with one non-ASCII byte (or a valid "é") at every
        // position exercise the word-at-a-time ASCII check, whose loads overlap at each length.
        for length in 0 ... 24 {
            samples.append([UInt8](repeating: 0x61, count: length))
            for position in 0 ..< length {
                for odd: [UInt8] in [[0xFF], [0x80], [0xC3], [0xC3, 0xA9]] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes.replaceSubrange(position ... position, with: odd)
                    samples.append(bytes)
                }
            }
        }
        for bytes in samples {
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let actual = bytes.withUnsafeBytes { UTF8Validation.isValid($0) }
            #expect(actual == expected, "\(bytes)")
        }
    }

    @Test func maximalVarintIsAccepted() throws {
        let bytes = [UInt8](repeating: 0xFF, count: 9) + [0x01]
        let value = try reading(bytes) { reader throws(FirestoreError) in try reader.readVarint() }
        #expect(value == UInt64.max)
    }
}

/// Expects `body` to throw `DATA_LOSS` with the "Corrupt stored data" prefix when reading `bytes`.
func expectCorrupt(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout ByteReader) throws(FirestoreError) -> Void
) {
    let error = catchError { () throws(FirestoreError) in try reading(bytes, body) }
    #expect(error?.code == .dataLoss, "expected DATA_LOSS for \(bytes)", sourceLocation: sourceLocation)
    #expect(error?.message.hasPrefix("Corrupt stored data: ") == true, sourceLocation: sourceLocation)
}
