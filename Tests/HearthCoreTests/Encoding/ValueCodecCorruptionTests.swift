@testable import HearthCore
import Testing

@Suite("ValueCodec on corrupt input")
struct ValueCodecCorruptionTests {
    /// A document with one field of every type, the victim of the mutation tests.
    static let sample: [String: Value] = [
        "null": .null, "bool": true, "int": -123_456_789, "double": 3.25, "time": timestamp(1_700_000_000, 5),
        "string": "héllo\0", "bytes": .bytes([0, 1, 2, 0xFF]), "ref": reference("p", "(default)", ["c", "d"]),
        "geo": geoPoint(48.8, 2.35), "array": [1, "two", [3.0]], "map": ["inner": ["deep": .null]],
        "vector": vector([0.5, -1]),
    ]

    @Test func everyTruncationThrows() {
        let bytes = ValueCodec.encodeFields(Self.sample)
        for length in 0 ..< bytes.count {
            #expect(throws: FirestoreError.self, "prefix of \(length) bytes") {
                try ValueCodec.decodeFields(from: Array(bytes.prefix(length)))
            }
        }
    }

    @Test func trailingBytesThrow() {
        let bytes = ValueCodec.encodeFields(Self.sample)
        #expect(throws: FirestoreError.self) { try ValueCodec.decodeFields(from: bytes + [0]) }
        #expect(throws: FirestoreError.self) { try ValueCodec.decode(from: [0x00, 0x00]) }
    }

    @Test func specificMalformationsThrowDataLoss() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("unknown tag", [0x0C]),
            ("unknown high tag", [0xFF]),
            ("truncated double", [0x04, 1, 2, 3]),
            ("nanoseconds out of range", [0x05, 0x00, 0x80, 0x94, 0xEB, 0xDC, 0x03]),
            ("nanoseconds beyond 64 bits", [0x05, 0x00] + [UInt8](repeating: 0xFF, count: 10) + [0x01]),
            ("string length past the end", [0x06, 0x05, 0x61]),
            ("huge string length", [0x06, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]),
            ("invalid UTF-8", [0x06, 0x02, 0xC3, 0x28]),
            ("lone surrogate in UTF-8", [0x06, 0x03, 0xED, 0xA0, 0x80]),
            ("bytes past the end", [0x07, 0x03, 0x01]),
            ("reference with odd path", [0x08, 0x01, 0x70, 0x01, 0x64, 0x01, 0x01, 0x63]),
            ("reference with empty path", [0x08, 0x01, 0x70, 0x01, 0x64, 0x00]),
            ("truncated geopoint", [0x09] + [UInt8](repeating: 0, count: 15)),
            ("array count past the end", [0x0A, 0x05, 0x00]),
            ("huge array count", [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
            ("map count past the end", [0x0B, 0x03, 0x00, 0x00]),
            ("duplicate map key", [0x0B, 0x02, 0x01, 0x61, 0x00, 0x01, 0x61, 0x00]),
            ("deep nesting", (0 ..< 100_000).map { $0 % 2 == 0 ? 0x0A : 0x01 }),
        ]
        for (name, bytes) in cases {
            let error = catchError { () throws(FirestoreError) in _ = try ValueCodec.decode(from: bytes) }
            #expect(error?.code == .dataLoss, "\(name)")
            #expect(error?.message.hasPrefix("Corrupt stored data: ") == true, "\(name): \(String(describing: error))")
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SeededGenerator(seed: 0xC0FFEE)
        var decodedCount = 0
        for _ in 0 ..< 3_000 {
            let length = random.below(64)
            // Bias towards valid tags and small varints so decoding gets past the first byte.
            let bytes = (0 ..< length).map { _ in
                random.chance(70) ? UInt8(random.below(13)) : UInt8(truncatingIfNeeded: random.next())
            }
            if (try? ValueCodec.decode(from: bytes)) != nil { decodedCount += 1 }
            _ = try? ValueCodec.decodeFields(from: bytes)
        }
        // Some random inputs are valid encodings; most are not. Either way, nothing trapped.
        #expect(decodedCount > 0)
    }

    @Test func mutatedEncodingsThrowOrDecodeToSomethingReEncodable() {
        var random = SeededGenerator(seed: 2024)
        var generator = ValueGenerator(seed: 99)
        let victims =
            [ValueCodec.encodeFields(Self.sample)] + (0 ..< 40).map { _ in encoded(generator.value(depth: 4)) }
        var threw = 0
        for round in 0 ..< 4_000 {
            var bytes = victims[round % victims.count]
            guard !bytes.isEmpty else { continue }
            switch random.below(4) {
            case 0: bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[random.below(bytes.count)] ^= UInt8(1) << UInt8(random.below(8))
            case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count + 1))
            default: bytes.remove(at: random.below(bytes.count))
            }
            let value: Value
            do throws(FirestoreError) {
                value = try round % victims.count == 0
                    ? Value.map(ValueCodec.decodeFields(from: bytes)) : ValueCodec.decode(from: bytes)
            } catch {
                threw += 1
                #expect(error.code == .dataLoss)
                continue
            }
            // Whatever decodes must survive a second round trip unchanged.
            #expect((try? ValueCodec.decode(from: encoded(value))) == value)
        }
        #expect(threw > 0)
    }
}

/// Runs `body` and returns the error it threw, or nil.
func catchError(_ body: () throws(FirestoreError) -> Void) -> FirestoreError? {
    do throws(FirestoreError) {
        try body()
        return nil
    } catch {
        return error
    }
}
