@testable import HearthCore
import Testing

@Suite("OrderedValueEncoding")
struct OrderedValueEncodingTests {
    /// One value per type, in Firestore's ascending type order.
    static let oneOfEachTypeAscending: [Value] = [
        .null, false, .double(.nan), .double(-.infinity), timestamp(Timestamp.minSeconds, 0), "", .bytes([]),
        reference("", "", ["a", "b"]), geoPoint(-90, -180), .array([]), vector([]), .map([:]),
    ]

    /// Hand-written chains, each strictly ascending in Firestore's order.
    static let ascendingChains: [[Value]] = [
        // Numbers: NaN first, then the number line with integers and doubles interleaved exactly.
        [.double(.nan), .double(-.infinity), .double(-0x1p64), .double((-0x1p63).nextDown), .integer(Int64.min),
         .integer(Int64.min + 1), .integer(Int64.min + 1024), .integer(-(1 << 53) - 1), .double(-0x1p53),
         .integer(-(1 << 53) + 1), .integer(-1), .double(-0.5), .double(-.leastNonzeroMagnitude), .integer(0),
         .double(.leastNonzeroMagnitude), .double(0.5), .integer(1), .double((1.0).nextUp), .integer(2),
         .integer((1 << 53) - 1), .double(0x1p53), .integer((1 << 53) + 1), .double(0x1p53 + 2),
         .integer((1 << 53) + 3), .integer(1 << 62), .integer((1 << 62) + 1), .double((0x1p63).nextDown),
         .integer(Int64.max - 1022), .integer(Int64.max - 1), .integer(Int64.max), .double(0x1p63),
         .double(.greatestFiniteMagnitude), .double(.infinity)],
        // Timestamps: seconds, then nanoseconds.
        [timestamp(Timestamp.minSeconds, 0), timestamp(-1, 0), timestamp(-1, 999_999_999), timestamp(0, 0),
         timestamp(0, 1), timestamp(1, 0), timestamp(Timestamp.maxSeconds, 999_999_999)],
        // Strings by UTF-8 bytes; embedded NULs and prefixes.
        ["", "\0", "\0\0", "\0\u{1}", "\u{1}", "a", "a\0", "a\0\0", "a\0b", "a\u{1}", "aa", "ab", "b", "e", "e\u{301}",
         "é", "\u{FFFD}", "😀"],
        // Bytes, unsigned.
        [.bytes([]), .bytes([0]), .bytes([0, 0]), .bytes([0, 0xFF]), .bytes([1]), .bytes([0xFE]), .bytes([0xFF]),
         .bytes([0xFF, 0])],
        // References: project, database, then segment by segment with a shorter path first.
        [reference("a", "z", ["z", "z"]), reference("b", "(default)", ["c", "d"]),
         reference("b", "(default)", ["c", "d", "e", "f"]), reference("b", "(default)", ["c", "d\0", "a", "b"]),
         reference("b", "(default)", ["c", "da", "a", "b"]), reference("b", "(default)", ["c\0", "a"]),
         reference("b", "(default)", ["ca", "a"]), reference("b", "db", ["a", "a"])],
        // Geopoints: latitude, then longitude.
        [geoPoint(-90, 0), geoPoint(0, -180), geoPoint(0, 0), geoPoint(0, 1), geoPoint(1, -180)],
        // Arrays: element by element, a shorter prefix first.
        [[], [.null], [.null, .null], [false], [1], [1, 2, 3], [1, 2, 3, 1], [1.5], [2], ["a"], [[]], [["x": 1]]],
        // Vectors: dimension first.
        [vector([]), vector([9]), vector([-1, 0]), vector([0, -1]), vector([0, 0]), vector([1, 2, 3])],
        // Maps: the Firestore documentation's example, plus empty keys and values.
        [[:], ["": .null], ["": 1], ["a": "aaa", "b": "baz"], ["a": "foo", "b": "bar"],
         ["a": "foo", "b": "bar", "c": "qux"], ["a": "foo", "b": "baz"], ["a\0": .null], ["b": "aaa", "c": "baz"],
         ["c": "aaa"]],
    ]

    @Test(arguments: [OrderedValueEncoding.Direction.ascending, .descending])
    func typesFollowFirestoresOrder(_ direction: OrderedValueEncoding.Direction) {
        expectStrictlyOrdered(Self.oneOfEachTypeAscending, direction)
    }

    @Test(arguments: [OrderedValueEncoding.Direction.ascending, .descending])
    func handWrittenChainsAreOrdered(_ direction: OrderedValueEncoding.Direction) {
        for chain in Self.ascendingChains {
            expectStrictlyOrdered(chain, direction)
        }
    }

    @Test func theModelAgreesWithTheHandWrittenChains() {
        for chain in Self.ascendingChains + [Self.oneOfEachTypeAscending] {
            for (a, b) in zip(chain, chain.dropFirst()) {
                #expect(Value.compare(a, b) < 0, "\(a) < \(b)")
            }
        }
    }

    @Test func equalNumbersEncodeIdentically() {
        let groups: [[Value]] = [
            [.integer(0), .double(0.0), .double(-0.0)],
            [.integer(1), .double(1.0)],
            [.integer(-(1 << 53)), .double(-0x1p53)],
            [.integer(Int64.min), .double(-0x1p63)],
            [.integer(1 << 62), .double(0x1p62)],
            [.double(.nan), .double(-.nan), .double(Double(bitPattern: 0x7FF0_0000_0000_0001))],
            [geoPoint(-0.0, 0.0), geoPoint(0.0, -0.0)],
            [vector([1]), .map(["__type__": "__vector__", "value": [1], "extra": "ignored"]),
             .map(["__type__": "__vector__", "value": [.integer(1)]])],
        ]
        for group in groups {
            for direction in [OrderedValueEncoding.Direction.ascending, .descending] {
                let encodings = Set(group.map { OrderedValueEncoding.encode($0, direction: direction) })
                #expect(encodings.count == 1, "\(group)")
            }
            for (a, b) in zip(group, group.dropFirst()) {
                #expect(Value.compare(a, b) == 0, "\(a) == \(b)")
            }
        }
    }

    @Test func int64MaxIsBelowTwoToThe63() {
        let max = OrderedValueEncoding.encode(.integer(Int64.max), direction: .ascending)
        let double = OrderedValueEncoding.encode(.double(9.223372036854775807e18), direction: .ascending)
        #expect(lexicographicCompare(max, double) < 0)
        // Both start with the same 8 bytes only if the floor were 2^63; it is 2^63 - 1024, remainder 1023.
        #expect(max.suffix(2) == [0x03, 0xFF])
        #expect(double.suffix(2) == [0x00, 0x00])
    }

    @Test(arguments: trickyIntegers)
    func integerFloorIsTheLargestDoubleNotAbove(_ integer: Int64) {
        let bytes = OrderedValueEncoding.encode(.integer(integer), direction: .ascending)
        #expect(bytes.count == 11)
        // Decode F and R by hand and check F ≤ i < nextUp(F) and i == F + R exactly.
        var sortable: UInt64 = 0
        for byte in bytes[1 ..< 9] { sortable = sortable << 8 | UInt64(byte) }
        let bits = sortable & (1 << 63) != 0 ? sortable & ~(1 << 63) : ~sortable
        let floor = Double(bitPattern: bits)
        let remainder = Int64(bytes[9]) << 8 | Int64(bytes[10])
        #expect(floor < 0x1p63)
        #expect(Int64(floor) <= integer)
        #expect(Value.compare(.double(floor.nextUp), .integer(integer)) > 0)
        #expect(Int64(floor) &+ remainder == integer)
        #expect(remainder < 1024)
    }

    @Test func knownLayouts() {
        func ascending(_ value: Value) -> [UInt8] { OrderedValueEncoding.encode(value, direction: .ascending) }
        #expect(ascending(.null) == [10])
        #expect(ascending(true) == [20, 1])
        #expect(ascending(.double(.nan)) == [30])
        #expect(ascending(.integer(1)) == [40, 0xBF, 0xF0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(ascending(.double(-1)) == [40, 0x40, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0])
        #expect(ascending(timestamp(0, 1)) == [50, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 1])
        #expect(ascending("a\0") == [60, 0x61, 0x00, 0xFF, 0x00, 0x01])
        #expect(ascending(.bytes([])) == [70, 0x00, 0x01])
        #expect(
            ascending(reference("p", "d", ["c", "x"])) == [80, 0x70, 0, 1, 0x64, 0, 1, 5, 0x63, 0, 1, 5, 0x78, 0, 1, 2])
        #expect(ascending([.null]) == [100, 10, 2])
        #expect(ascending(vector([])) == [110, 0])
        #expect(ascending(["k": .null]) == [120, 60, 0x6B, 0, 1, 10, 2])
        #expect(OrderedValueEncoding.encode(.null, direction: .descending) == [~10])
    }

    @Test func descendingIsTheComplementOfAscending() {
        var generator = ValueGenerator(seed: 5)
        for _ in 0 ..< 500 {
            let value = generator.value()
            let ascending = OrderedValueEncoding.encode(value, direction: .ascending)
            let descending = OrderedValueEncoding.encode(value, direction: .descending)
            #expect(descending == ascending.map { ~$0 })
        }
    }

    @Test func encodingAppendsAndOnlyComplementsItsOwnBytes() {
        var bytes: [UInt8] = [1, 2, 3]
        OrderedValueEncoding.encode("x", direction: .descending, into: &bytes)
        #expect(bytes == [1, 2, 3] + OrderedValueEncoding.encode("x", direction: .ascending).map { ~$0 })
    }

    @Test func vectorDimensionsBeyondOneByteStayOrdered() {
        let chain = [vector([Double](repeating: 9, count: 254)), vector([Double](repeating: 0, count: 255)),
                     vector([Double](repeating: 0, count: 256)), vector([Double](repeating: 0, count: 1_000))]
        expectStrictlyOrdered(chain, .ascending)
        expectStrictlyOrdered(chain, .descending)
    }
}

/// Expects each value's encoding to sort strictly before the next one's (after it, descending),
/// including when a suffix is appended (as index keys append a document number).
func expectStrictlyOrdered(
    _ values: [Value], _ direction: OrderedValueEncoding.Direction, sourceLocation: SourceLocation = #_sourceLocation
) {
    let encodings = values.map { OrderedValueEncoding.encode($0, direction: direction) }
    let expected = direction == .ascending ? -1 : 1
    for index in encodings.indices.dropLast() {
        let (a, b) = (encodings[index], encodings[index + 1])
        #expect(lexicographicCompare(a, b) == expected, "\(values[index]) vs \(values[index + 1])",
                sourceLocation: sourceLocation)
        #expect(lexicographicCompare(a + [0xFF, 0xFF], b + [0x00]) == expected, sourceLocation: sourceLocation)
        #expect(lexicographicCompare(a + [0x00], b + [0xFF, 0xFF]) == expected, sourceLocation: sourceLocation)
    }
}
