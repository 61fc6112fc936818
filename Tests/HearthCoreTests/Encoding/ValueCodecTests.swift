@testable import HearthCore
import Testing

@Suite("ValueCodec round trips")
struct ValueCodecTests {
    static let edgeValues: [Value] = [
        .null, .boolean(false), .boolean(true),
        .integer(0), .integer(1), .integer(-1), .integer(Int64.max), .integer(Int64.min), .integer(1 << 53 + 1),
        .double(0.0), .double(-0.0), .double(1.5), .double(.nan), .double(.infinity), .double(-.infinity),
        .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
        .double(Double(bitPattern: 0x7FF0_0000_0000_0001)),
        timestamp(Timestamp.minSeconds, 0), timestamp(Timestamp.maxSeconds, 999_999_999), timestamp(0, 0),
        timestamp(-1, 1),
        .string(""), .string("a"), .string("a\0b"), .string("é and e\u{301}"), .string("😀 \u{FFFD} 日本語"),
        .bytes([]), .bytes([0]), .bytes([0xFF, 0, 0x80]),
        reference("demo-project", "(default)", ["users", "alice"]),
        reference("p", "named-db", ["a", "b", "c", "d", "e", String(repeating: "id", count: 750)]),
        reference("p", "(default)", ["c", "\0", "é", "😀"]),
        geoPoint(0, 0), geoPoint(-90, -180), geoPoint(90, 180), geoPoint(-0.0, 12.345678),
        .array([]), .array([.null, 1, "x", .array([]), .map([:])]),
        .map([:]), .map(["": "empty key", "é": 1, "😀": [true], "a.b": ["nested": ["deeper": 1.5]]]),
        vector([1, 2, 3]), vector([]),
    ]

    @Test(arguments: ValueCodecTests.edgeValues)
    func valueRoundTrips(_ value: Value) throws {
        var bytes: [UInt8] = []
        ValueCodec.encode(value, into: &bytes)
        let decoded = try ValueCodec.decode(from: bytes)
        #expect(decoded == value)
        // Decoding then re-encoding gives the same bytes (the encoding is canonical).
        var again: [UInt8] = []
        ValueCodec.encode(decoded, into: &again)
        #expect(again == bytes)
    }

    @Test func largeStringsAndBytesRoundTrip() throws {
        let large: [Value] = [
            .string(String(repeating: "x😀", count: 50_000)), .bytes([UInt8](repeating: 7, count: 70_000)),
        ]
        for value in large {
            #expect(try ValueCodec.decode(from: encoded(value)) == value)
        }
    }

    @Test(arguments: [0.0, -0.0, .nan, -Double.nan, Double(bitPattern: 0x7FF0_0000_0000_0001),
                      Double(bitPattern: 0xFFF8_DEAD_BEEF_0001), .infinity, -.infinity, .ulpOfOne] as [Double])
    func doubleBitPatternsArePreservedExactly(_ double: Double) throws {
        let decoded = try ValueCodec.decode(from: encoded(.double(double)))
        guard case .double(let result) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(result.bitPattern == double.bitPattern)
    }

    @Test func fieldMapsRoundTrip() throws {
        let fields: [String: Value] = [
            "name": "Alice", "age": 42, "score": 9.5, "tags": ["a", "b"], "home": geoPoint(1, 2),
            "friend": reference("p", "(default)", ["users", "bob"]), "seen": timestamp(1_700_000_000, 123_456_000),
            "blob": .bytes([1, 2, 3]), "nothing": .null, "nested": ["x": ["y": ["z": true]]], "": "empty",
        ]
        var bytes: [UInt8] = []
        ValueCodec.encodeFields(fields, into: &bytes)
        #expect(try ValueCodec.decodeFields(from: bytes) == fields)
        #expect(ValueCodec.encodeFields(fields) == bytes)
        #expect(try ValueCodec.decodeFields(from: ValueCodec.encodeFields([:])) == [:])
    }

    @Test func encodingAppendsToExistingBytes() throws {
        var bytes: [UInt8] = [0xAA, 0xBB]
        ValueCodec.encode("x", into: &bytes)
        #expect(bytes.prefix(2) == [0xAA, 0xBB])
        #expect(try ValueCodec.decode(from: Array(bytes.dropFirst(2))) == "x")
    }

    @Test func knownLayoutOfEachTag() {
        #expect(encoded(.null) == [0x00])
        #expect(encoded(false) == [0x01])
        #expect(encoded(true) == [0x02])
        #expect(encoded(.integer(-2)) == [0x03, 0x03])
        #expect(encoded(.integer(300)) == [0x03, 0xD8, 0x04])
        #expect(encoded(.double(1.0)) == [0x04, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
        #expect(encoded(timestamp(-1, 5)) == [0x05, 0x01, 0x05])
        #expect(encoded("hé") == [0x06, 3, 0x68, 0xC3, 0xA9])
        #expect(encoded(.bytes([9])) == [0x07, 1, 9])
        #expect(encoded(reference("p", "d", ["c", "x"])) == [0x08, 1, 0x70, 1, 0x64, 2, 1, 0x63, 1, 0x78])
        #expect(encoded(["b": 1, "a": .null]) == [0x0B, 2, 1, 0x61, 0x00, 1, 0x62, 0x03, 0x02])
        #expect(encoded([.null, true]) == [0x0A, 2, 0x00, 0x02])
    }

    @Test func equalMapsEncodeIdenticallyWhateverTheInsertionOrder() {
        let keys = ["zeta", "alpha", "é", "e", "😀", "", "a\0", "\u{FFFD}", "mid", "Z", "aa", "a"] + trickyKeys
        var random = SeededGenerator(seed: 7)
        let unique = Dictionary(keys.map { ($0, Value.string($0)) }, uniquingKeysWith: { first, _ in first })
        let reference = ValueCodec.encodeFields(unique)
        for _ in 0 ..< 50 {
            var shuffled = keys
            shuffled.shuffle(using: &random)
            var fields: [String: Value] = [:]
            // Grow from a small dictionary so that each one has its own storage and iteration order.
            for key in shuffled { fields[key] = .string(key) }
            #expect(ValueCodec.encodeFields(fields) == reference)
            #expect(encoded(.map(["nested": .map(fields)])) == encoded(.map(["nested": .map(unique)])))
            #expect(OrderedValueEncoding.encode(.map(fields), direction: .ascending)
                    == OrderedValueEncoding.encode(.map(unique), direction: .ascending))
        }
    }

    @Test func mapKeysAreSortedByFullUTF8BytesBeyondTheSortPrefix() {
        let keys = ["abcdefgh\u{1}", "abcdefgh", "abcdefghi", "abcdefgh\0", "abcdefg", "abcdefgh😀", "abcdefgg\u{FF}"]
        var fields: [String: Value] = [:]
        for key in keys { fields[key] = .null }
        let sorted = UTF8KeyOrder.sortedEntries(fields).map(\.key)
        #expect(sorted == [
            "abcdefg", "abcdefgg\u{FF}", "abcdefgh", "abcdefgh\0", "abcdefgh\u{1}", "abcdefghi", "abcdefgh😀",
        ])
        #expect(sorted == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    @Test func mapKeysAreWrittenInUTF8ByteOrder() throws {
        // U+FFFD (EF BF BD) sorts before U+1F600 (F0 9F 98 80) in UTF-8, though not in UTF-16.
        let bytes = ValueCodec.encodeFields(["😀": 1, "\u{FFFD}": 2, "a": 3, "": 4])
        let keys = try reading(bytes) { reader throws(FirestoreError) in
            var keys: [String] = []
            for _ in 0 ..< (try reader.readLength()) {
                keys.append(try reader.readString())
                _ = try ValueCodec.decode(&reader)
            }
            return keys
        }
        #expect(keys == ["", "a", "\u{FFFD}", "😀"])
    }

    @Test func deeplyNestedValuesRoundTripUpToTheLimit() throws {
        var value: Value = "leaf"
        for level in 0 ..< ValueCodec.maximumDepth {
            value = level % 2 == 0 ? .map(["k": value]) : .array([value])
        }
        #expect(try ValueCodec.decode(from: encoded(value)) == value)
        // One level more is refused as corrupt instead of recursing without bound.
        let tooDeep: Value = .array([value])
        #expect(throws: FirestoreError.self) { try ValueCodec.decode(from: encoded(tooDeep)) }
    }

    @Test func randomValuesRoundTrip() throws {
        var generator = ValueGenerator(seed: 42)
        for _ in 0 ..< 2_000 {
            let value = generator.value(depth: 4)
            let bytes = encoded(value)
            #expect(try ValueCodec.decode(from: bytes) == value)
        }
    }
}

/// The storage encoding of `value`.
func encoded(_ value: Value) -> [UInt8] {
    var bytes: [UInt8] = []
    ValueCodec.encode(value, into: &bytes)
    return bytes
}
