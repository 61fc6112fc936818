import Testing
@testable import HearthCore

private typealias S = ModelTestSupport

/// `{name: {name: … value …}}` with `levels` maps around `value`.
private func nestedMaps(_ levels: Int, name: String = "a", around value: Value = 1) -> Value {
    var result = value
    for _ in 0..<levels { result = .map([name: result]) }
    return result
}

@Suite struct ValueValidationTests {
    @Test func acceptsOrdinaryDocuments() throws {
        try Value.validateFields([:])
        try Value.validateFields([
            "s": "text", "n": nil, "b": true, "i": 1, "d": .double(.nan), "inf": .double(-.infinity),
            "t": S.timestamp(Timestamp.minSeconds), "g": S.geoPoint(-90, 180), "r": S.reference("a/b/c/d"),
            "bytes": .bytes([0, 1]), "arr": [1, ["m": [2, 3]], "x"], "m": ["k": ["k": 1]], "v": S.vector([1, 2]),
            "__": 1, "_x__": 1, "a b": 1, "é": 1,
        ])
    }

    @Test func aNestedFieldsWholePathIsAtMost1500Bytes() throws {
        // 749 + "." + 750 = 1,500 bytes: the limit itself.
        try Value.validateFields([String(repeating: "a", count: 749): [String(repeating: "b", count: 750): 1]])
        #expect(throws: FirestoreError.self) {
            try Value.validateFields([String(repeating: "a", count: 800): [String(repeating: "b", count: 800): 1]])
        }
        // The limit is on the quoted (wire) form: eight nested names of 100 backticks are 807 bytes
        // raw but 8 × 202 + 7 = 1,623 quoted (each backtick escaped, each name in backticks).
        let ticks = String(repeating: "`", count: 100)
        let quoted = (0..<7).reduce(Value.map([ticks: 1])) { inner, _ in .map([ticks: inner]) }
        guard case .map(let fields) = quoted else { return }
        #expect {
            try Value.validateFields(fields)
        } throws: { error in
            (error as? FirestoreError)?.message.contains("Field paths must not be longer than 1,500 bytes, but this one has 1,623.") == true
        }
    }

    @Test func depthExampleFromTheDocsIsThree() throws {
        try Value.validateFields(["m": ["arr": [["foo": 1]]]])
        // 17 maps around that example make 20 levels; 18 make 21.
        try Value.validateFields(["m": nestedMaps(17, around: ["arr": [["foo": 1]]])])
        #expect(throws: FirestoreError.self) {
            try Value.validateFields(["m": nestedMaps(18, around: ["arr": [["foo": 1]]])])
        }
    }

    @Test func acceptsDepth20() throws {
        try Value.validateFields(["a": nestedMaps(20)])
        try Value.validateFields(["a": nestedMaps(19, around: [1, 2])])
    }

    @Test func rejectsDepth21() {
        let path = Array(repeating: "a", count: 21).joined(separator: ".")
        #expect(
            throws: FirestoreError(
                .invalidArgument, "Maps and arrays must not be nested more than 20 levels deep (found in field \(path)).")
        ) { try Value.validateFields(["a": nestedMaps(21)]) }
        #expect(throws: FirestoreError.self) { try Value.validateFields(["a": nestedMaps(20, around: [])]) }
    }

    @Test func vectorsCountAsAMapHoldingAnArray() throws {
        try Value.validateFields(["a": nestedMaps(18, around: S.vector([1]))])
        #expect(throws: FirestoreError.self) { try Value.validateFields(["a": nestedMaps(19, around: S.vector([1]))]) }
    }

    @Test func rejectsNestedArrays() throws {
        #expect(
            throws: FirestoreError(.invalidArgument, "Nested arrays are not supported (found in field a.b).")
        ) { try Value.validateFields(["a": ["b": [1, [2]]]]) }
        #expect(throws: FirestoreError.self) { try Value.validateFields(["a": [[]]]) }
        try Value.validateFields(["a": [["b": [1]]]])
    }

    private static let badFieldNames: [([String: Value], String)] = [
        (["__x__": Value.integer(1)], "Field names must not begin and end with \"__\" (found in field __x__)."),
        (["m": ["__x__": 1]], "Field names must not begin and end with \"__\" (found in field m.__x__)."),
        (["a": [["____": 1]]], "Field names must not begin and end with \"__\" (found in field a.____)."),
        (["__name__": 1], "Field names must not begin and end with \"__\" (found in field __name__)."),
        (["__type__": "__vector__", "value": 1], "Field names must not begin and end with \"__\" (found in field __type__)."),
        (["m": ["__type__": "__vectors__", "value": [1]]],
         "Field names must not begin and end with \"__\" (found in field m.__type__)."),
        (["": 1], "Field names must not be empty (found in field ``)."),
        (["m": ["": 1]], "Field names must not be empty (found in field m.``)."),
    ]

    @Test(arguments: badFieldNames)
    func rejectsBadFieldNames(fields: [String: Value], message: String) {
        #expect(throws: FirestoreError(.invalidArgument, message)) { try Value.validateFields(fields) }
    }

    @Test func limitsFieldNamesTo1500Bytes() throws {
        try Value.validateFields([String(repeating: "n", count: 1_500): 1])
        let fields: [String: Value] = ["m": .map([String(repeating: "n", count: 1_501): 1])]
        let error = ModelTestSupport.error { () throws(FirestoreError) in try Value.validateFields(fields) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasPrefix("Field names must not be longer than 1,500 bytes (found in field m.nnn") == true)
    }

    @Test func limitsStringsAndBytes() throws {
        try Value.validateFields(["s": .string(String(repeating: "x", count: 1_048_487))])
        try Value.validateFields(["b": .bytes(Array(repeating: 0, count: 1_048_487))])
        #expect(
            throws: FirestoreError(.invalidArgument, "The value of property \"m.s\" is longer than 1048487 bytes.")
        ) { try Value.validateFields(["m": ["s": .string(String(repeating: "x", count: 1_048_488))]]) }
        #expect(
            throws: FirestoreError(.invalidArgument, "The value of property \"b\" is longer than 1048487 bytes.")
        ) { try Value.validateFields(["b": .bytes(Array(repeating: 0, count: 1_048_488))]) }
    }

    @Test func rejectsInvalidTimestampsGeoPointsAndReferences() {
        #expect(
            throws: FirestoreError(
                .invalidArgument, "Timestamp seconds out of range: 253402300800 (found in field t).")
        ) { try Value.validateFields(["t": S.timestamp(Timestamp.maxSeconds + 1)]) }
        #expect(
            throws: FirestoreError(.invalidArgument, "Timestamp nanoseconds out of range: -1 (found in field a.t).")
        ) { try Value.validateFields(["a": [["t": S.timestamp(0, -1)]]]) }
        #expect(
            throws: FirestoreError(
                .invalidArgument, "Latitude must be a number between -90 and 90, but was: 91.0 (found in field g).")
        ) { try Value.validateFields(["g": S.geoPoint(91, 0)]) }
        #expect(
            throws: FirestoreError(
                .invalidArgument,
                "Invalid reference value: Invalid document reference. Document references must have an even number "
                    + "of segments, but a/b/c has 3 (found in field r).")
        ) { try Value.validateFields(["r": S.reference("a/b/c")]) }
        #expect(throws: FirestoreError.self) { try Value.validateFields(["r": S.reference("a/b", database: "BAD")]) }
    }

    @Test func reportsTheFirstFieldInByteOrder() {
        #expect(
            throws: FirestoreError(.invalidArgument, "Nested arrays are not supported (found in field a).")
        ) { try Value.validateFields(["b": [[1]], "a": [[1]], "c": ["__x__": 1]]) }
    }
}
