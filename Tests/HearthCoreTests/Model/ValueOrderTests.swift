import Testing
@testable import HearthCore

private typealias S = ModelTestSupport

/// Asserts that `values` are in strictly ascending order, checking every pair both ways.
private func expectAscending(_ values: [Value], sourceLocation: SourceLocation = #_sourceLocation) {
    for i in values.indices {
        for j in values.indices {
            let expected = i < j ? -1 : (i == j ? 0 : 1)
            let actual = Value.compare(values[i], values[j])
            #expect(actual == expected, "compare(\(values[i]), \(values[j]))", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct ValueOrderTests {
    @Test func typeOrder() {
        let values: [(Value, Value.TypeOrder)] = [
            (.null, .null), (false, .boolean), (.double(.nan), .nan), (1, .number), (1.5, .number),
            (S.timestamp(0), .timestamp), ("s", .string), (.bytes([1]), .bytes), (S.reference("a/b"), .reference),
            (S.geoPoint(1, 2), .geoPoint), ([1], .array), (S.vector([1]), .vector), (["a": 1], .map),
            (["__type__": "__vector__", "value": 1], .map), (["__type__": "other", "value": [1]], .map),
        ]
        for (value, order) in values { #expect(value.typeOrder == order, "\(value)") }
        #expect(Value.TypeOrder.allCases.sorted() == Value.TypeOrder.allCases)
        #expect(Value.TypeOrder.nan < .number)
    }

    @Test func crossTypeOrder() {
        expectAscending([
            .null, false, true, .double(.nan), .double(-.infinity), -1, 0, 1.5, .double(.infinity),
            S.timestamp(-1), S.timestamp(0), "", "a", .bytes([]), .bytes([0]),
            S.reference("a/b"), S.geoPoint(-90, -180), S.geoPoint(90, 180), [], [.null],
            S.vector([]), S.vector([1]), [:], ["a": .null],
        ])
    }

    @Test func highestOfEachTypeIsBelowLowestOfNext() {
        expectAscending([
            .null, false, true, .double(.nan), .double(.infinity), S.timestamp(Timestamp.maxSeconds, 999_999_999),
            .string(String(repeating: "\u{10FFFF}", count: 3)), .bytes([0xFF, 0xFF]), S.reference("\u{10FFFF}/x"),
            S.geoPoint(90, 180), [["z": "z"]], S.vector(Array(repeating: 9, count: 10)), ["": .null],
        ])
    }

    @Test func booleans() {
        expectAscending([false, true])
    }

    @Test func numbers() {
        expectAscending([
            .double(.nan), .double(-.infinity), .double((-0x1p63).nextDown), .integer(.min), -0x1p62, -2, -1.5, -1,
            -0.5, 0, 0.5, 1, 1.5, 2, 0x1p53, .integer(9_007_199_254_740_993), .double(0x1p53 + 2),
            .double(0x1p63.nextDown), .integer(9_223_372_036_854_774_785), .integer(.max), 0x1p63,
            .double(.infinity),
        ])
    }

    @Test(arguments: [
        (Value.integer(1), Value.double(1.0)),
        (.integer(0), .double(-0.0)),
        (.double(0.0), .double(-0.0)),
        (.integer(.min), .double(-0x1p63)),
        (.integer(9_007_199_254_740_992), .double(0x1p53)),
        (.integer(9_223_372_036_854_774_784), .double(0x1p63.nextDown)),
        (.double(.nan), .double(.nan)),
        (.double(.nan), .double(-.nan)),
        (.double(.infinity), .double(.infinity)),
    ])
    func equalNumbers(a: Value, b: Value) {
        #expect(Value.compare(a, b) == 0)
        #expect(Value.compare(b, a) == 0)
        #expect(a.isEquivalent(to: b))
    }

    @Test(arguments: [
        // (smaller, larger)
        (Value.integer(.max), Value.double(0x1p63)),
        (.integer(.max), .double(Double(Int64.max))),
        (.double((-0x1p63).nextDown), .integer(.min)),
        (.double(0x1p53), .integer(9_007_199_254_740_993)),
        (.integer(9_007_199_254_740_993), .double(0x1p53 + 2)),
        (.double(0x1p63.nextDown), .integer(9_223_372_036_854_774_785)),
        (.integer(-1), .double(-0.5)),
        (.double(-1.5), .integer(-1)),
        (.integer(1), .double(1.5)),
        (.double(0.5), .integer(1)),
        (.double(-0.0), .double(0.5)),
        (.double(-.infinity), .integer(.min)),
        (.integer(.max), .double(.infinity)),
        (.double(.nan), .double(-.infinity)),
        (.double(.nan), .integer(.min)),
        (.boolean(true), .double(.nan)),
    ])
    func orderedNumbers(smaller: Value, larger: Value) {
        #expect(Value.compare(smaller, larger) == -1)
        #expect(Value.compare(larger, smaller) == 1)
        #expect(!smaller.isEquivalent(to: larger))
    }

    @Test func timestamps() {
        expectAscending([
            S.timestamp(Timestamp.minSeconds), S.timestamp(-1, 0), S.timestamp(-1, 999_999_999), S.timestamp(0, 0),
            S.timestamp(0, 1), S.timestamp(1, 0), S.timestamp(Timestamp.maxSeconds, 999_999_999),
        ])
    }

    @Test func stringsUseUTF8ByteOrder() {
        // In UTF-16, U+1F600 (D83D DE00) sorts before U+FFFD; in UTF-8 (F0… vs EF…) it sorts after.
        expectAscending(["", "A", "Z", "a", "aa", "b", "e\u{301}", "é", "\u{FFFD}", "\u{1F600}"])
        #expect(String.compareUTF8("\u{FFFD}", "\u{1F600}") == -1)
        #expect(String.compareUTF8("abc", "abc") == 0)
        #expect(String.compareUTF8("abd", "abc") == 1)
    }

    @Test func canonicallyEquivalentStringsDiffer() {
        let composed: Value = "caf\u{E9}"
        let decomposed: Value = "cafe\u{301}"
        #expect(Value.compare(decomposed, composed) == -1)
        #expect(!composed.isEquivalent(to: decomposed))
    }

    @Test func bytes() {
        expectAscending([.bytes([]), .bytes([0]), .bytes([0, 0]), .bytes([0, 1]), .bytes([1]), .bytes([0x7F, 0xFF]),
                         .bytes([0x80]), .bytes([0xFF])])
    }

    @Test func references() {
        expectAscending([
            S.reference("a/b", project: "a", database: "zz-db"),
            S.reference("a/a", project: "b", database: "(default)"),
            S.reference("a/a", project: "b", database: "aa-db"),
            S.reference("a/b", project: "b", database: "aa-db"),
            S.reference("a/b/a/a", project: "b", database: "aa-db"),
            S.reference("a/c", project: "b", database: "aa-db"),
            // "a-" follows "a" segment-wise even though "a-/x" < "a/y" as a string.
            S.reference("a-/a", project: "b", database: "aa-db"),
            S.reference("b/a", project: "b", database: "aa-db"),
        ])
    }

    @Test func geoPoints() {
        expectAscending([
            S.geoPoint(-90, 0), S.geoPoint(-1, -180), S.geoPoint(-1, 180), S.geoPoint(0, -1), S.geoPoint(0, 0),
            S.geoPoint(0, 1), S.geoPoint(90, -180),
        ])
        #expect(Value.compare(S.geoPoint(0, -0.0), S.geoPoint(0, 0)) == 0)
    }

    @Test func arrays() {
        expectAscending([[], [.null], [1, 2, 3], [1, 2, 3, 1], [1, 3], [2], ["a"], [["a": 1]]])
        #expect(Value.compare([1, 2.5], [1.0, 2.5]) == 0)
        #expect(Value.compare([.double(.nan)], [.double(.nan)]) == 0)
    }

    @Test func vectorsCompareLengthFirst() {
        expectAscending([
            S.vector([]), S.vector([100]), S.vector([-5, 0]), S.vector([1, 2]), S.vector([1, 3]), S.vector([0, 0, 0]),
        ])
        #expect(Value.compare(S.vector([1, 2]), .map(["__type__": "__vector__", "value": [1, 2]])) == 0)
        // A vector follows every array and precedes every map.
        #expect(Value.compare(S.vector([]), [[:], "z"]) == 1)
        #expect(Value.compare(S.vector([9, 9, 9]), [:]) == -1)
    }

    @Test func mapsFromTheDocs() {
        expectAscending([
            ["a": "aaa", "b": "baz"],
            ["a": "foo", "b": "bar"],
            ["a": "foo", "b": "bar", "c": "qux"],
            ["a": "foo", "b": "baz"],
            ["b": "aaa", "c": "baz"],
            ["c": "aaa"],
        ])
    }

    @Test func maps() {
        expectAscending([
            [:], ["a": .null], ["a": 1], ["a": 1, "b": .null], ["a": 2], ["aa": .null], ["b": .null],
            ["\u{FFFD}": 1], ["\u{1F600}": 0],
        ])
        #expect(Value.compare(["a": 1, "b": ["c": 2]], ["b": ["c": 2.0], "a": 1.0]) == 0)
        // Keys are sorted before comparing: {b:1, a:2} starts with a:2.
        #expect(Value.compare(["b": 1, "a": 2], ["a": 1, "z": 0]) == 1)
    }

    @Test func equivalenceIsLooserThanRepresentationEquality() {
        #expect(Value.integer(1) != Value.double(1))
        #expect(Value.integer(1).isEquivalent(to: 1.0))
        #expect(Value.double(-0.0) != Value.double(0.0))
        #expect(Value.double(-0.0).isEquivalent(to: 0.0))
        #expect(Value.double(.nan).isEquivalent(to: .double(.nan)))
        #expect(!Value.integer(1).isEquivalent(to: "1"))
        #expect(!Value.null.isEquivalent(to: false))
        #expect(!Value.array([]).isEquivalent(to: [:]))
    }
}
