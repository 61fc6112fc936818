import Testing
@testable import HearthCore

/// The BSON types of Enterprise databases: recognition, validation per edition, production's
/// order (by `Value.compare` and by the index encoding), and Decimal128's place among numbers.
@Suite struct BSONValueTests {
    /// Production's order of one value of every type (the SDKs' "can order values of different
    /// TypeOrder together" tests); equal numbers (1.0, 1, Int32(1)) share a place.
    static let productionOrder: [[Value]] = [
        [.null],
        [BSON.minKey],
        [.boolean(false)], [.boolean(true)],
        [.double(.nan), BSON.decimal("NaN")],
        [.double(-.infinity), BSON.decimal("-Infinity")],
        [BSON.int32(-5)],
        [.double(1.0), .integer(1), BSON.int32(1), BSON.decimal("1.00")],
        [BSON.decimal("1.2e3")],
        [.double(.infinity)],
        [ModelTestSupport.timestamp(100, 123_000_000)],
        [BSON.timestamp(1, 2)], [BSON.timestamp(1, 3)], [BSON.timestamp(2, 0)],
        [.string("a")],
        [.bytes([1, 2, 3])],
        [BSON.binary(1, [1, 2, 3])], [BSON.binary(2, [0])],
        [ModelTestSupport.reference("c/d")],
        [BSON.objectID("507f191e810c19729de860ea"), BSON.objectID("507F191E810C19729DE860EA")],
        [BSON.objectID("507f191e810c19729de860eb")],
        [ModelTestSupport.geoPoint(1.23, 4.56)],
        [BSON.regex("^foo", "i")], [BSON.regex("^foo", "m")], [BSON.regex("^fop")],
        [.array([.double(1), .string("foo")])],
        [ModelTestSupport.vector([1, 2, 3])],
        [["key": true]],
        [BSON.maxKey],
    ]

    @Test func mixedValuesSortInProductionOrder() {
        let expected = Self.productionOrder
        let flat = expected.flatMap { $0 }
        for (i, groupA) in expected.enumerated() {
            for (j, groupB) in expected.enumerated() {
                for a in groupA {
                    for b in groupB {
                        #expect(Value.compare(a, b) == (i < j ? -1 : (i > j ? 1 : 0)), "\(a) vs \(b)")
                    }
                }
            }
        }
        // The index encoding sorts them the same way, both directions.
        let shuffled = flat.reversed().map { $0 }
        let byBytes = shuffled.sorted {
            lexicographicCompare(OrderedValueEncoding.encode($0, direction: .ascending),
                                 OrderedValueEncoding.encode($1, direction: .ascending)) < 0
        }
        for (a, b) in zip(byBytes, byBytes.dropFirst()) { #expect(Value.compare(a, b) <= 0, "\(a) before \(b)") }
        expectAgreement(flat)
    }

    @Test func typeOrdersOfBSONMaps() {
        #expect(BSON.minKey.typeOrder == .minKey)
        #expect(BSON.maxKey.typeOrder == .maxKey)
        #expect(BSON.int32(3).typeOrder == .number)
        #expect(BSON.decimal("3.5").typeOrder == .number)
        #expect(BSON.decimal("nan").typeOrder == .nan)
        #expect(BSON.objectID("507f191e810c19729de860ea").typeOrder == .objectID)
        #expect(BSON.regex("a").typeOrder == .regex)
        #expect(BSON.timestamp(1, 1).typeOrder == .bsonTimestamp)
        #expect(BSON.binary(0, []).typeOrder == .bsonBinary)
        // Malformed or extra-field maps are plain maps.
        #expect(BSON.int32(1 << 40).typeOrder == .map)
        #expect(BSON.objectID("xyz").typeOrder == .map)
        #expect(Value.map(["__int__": 1, "b": 2]).typeOrder == .map)
        #expect(Value.map(["__foo__": 1]).typeOrder == .map)
    }

    @Test func decimalsCompareExactlyWithIntegersAndDoubles() {
        #expect(Value.compare(BSON.decimal("1"), .integer(1)) == 0)
        #expect(Value.compare(BSON.decimal("0.5"), .double(0.5)) == 0)
        #expect(Value.compare(BSON.decimal("-0"), .double(0)) == 0)
        // 0.1 is not the double nearest it (0.1000000000000000055…): exact comparison tells them apart.
        #expect(Value.compare(BSON.decimal("0.1"), .double(0.1)) == -1)
        #expect(Value.compare(BSON.decimal("0.1000000000000000055511151231257827"), .double(0.1)) == -1)
        #expect(Value.compare(BSON.decimal("0.1000000000000000055511151231257828"), .double(0.1)) == 1)
        #expect(Value.compare(BSON.decimal("9223372036854775808"), .integer(.max)) == 1)
        #expect(Value.compare(BSON.decimal("9223372036854775808"), .double(0x1p63)) == 0)
        #expect(Value.compare(BSON.decimal("1.8e308"), .double(.greatestFiniteMagnitude)) == 1)
        #expect(Value.compare(BSON.decimal("1.8e308"), .double(.infinity)) == -1)
        #expect(Value.compare(BSON.decimal("4e-324"), .double(.leastNonzeroMagnitude)) == -1)
        #expect(Value.compare(BSON.decimal("4e-324"), .integer(0)) == 1)
        #expect(Value.compare(BSON.decimal("-4e-324"), .integer(0)) == -1)
        #expect(Value.compare(BSON.decimal("2.5"), BSON.int32(3)) == -1)
        // Between 2^53 and 2^63 a fraction is dropped toward -infinity (BSONDecimal.swift).
        #expect(Value.compare(BSON.decimal("9007199254740993.5"), .integer(9_007_199_254_740_993)) == 0)
        #expect(Value.compare(BSON.decimal("-9007199254740993.5"), .integer(-9_007_199_254_740_994)) == 0)
        #expect(Value.compare(BSON.decimal("9007199254740991.5"), .integer(9_007_199_254_740_991)) == 1)
    }

    @Test func trickyNumbersWithBSONAgreePairwise() {
        let numbers: [Value] = BSON.trickyDecimals.map(BSON.decimal)
            + trickyIntegers.map { .integer($0) } + trickyDoubles.map { .double($0) }
            + [Int64(Int32.min), -1, 0, 1, Int64(Int32.max)].map(BSON.int32)
        expectAgreement(numbers)
    }

    @Test func indexReadsBackDecimalsForAggregation() {
        for text in BSON.trickyDecimals {
            let value = BSON.decimal(text)
            let bytes = OrderedValueEncoding.encode(value, direction: .ascending)
            let read = bytes.withUnsafeBytes { OrderedValueEncoding.readNumber(in: $0, at: 0, integer: false) }
            guard bytes.first == OrderedValueEncoding.Rank.number.rawValue || bytes.first == OrderedValueEncoding.Rank.nan.rawValue else {
                Issue.record("\(text) is not a number")
                continue
            }
            guard let read else {
                Issue.record("\(text) does not read back: \(bytes)")
                continue
            }
            #expect(Value.compare(read, value) == 0, "\(text) read back as \(read)")
        }
    }

    // MARK: Validation

    static let wellFormed: [Value] = [
        BSON.minKey, BSON.maxKey, BSON.int32(-2_147_483_648), BSON.int32(2_147_483_647), BSON.decimal("1.2e3"),
        BSON.decimal("-Infinity"), BSON.decimal("NaN"), BSON.objectID("507f191e810c19729de860ea"),
        BSON.regex("^foo", "imsux"), .map(["__regex__": .map(["pattern": "a"])]), BSON.timestamp(4_294_967_295, 0),
        BSON.binary(0, []), BSON.binary(128, [1, 2, 3]),
    ]

    @Test func enterpriseAcceptsWellFormedBSONEverywhere() throws {
        for value in Self.wellFormed {
            try Value.validateFields(["x": value], allowsBSON: true)
            try Value.validateFields(["m": ["n": value]], allowsBSON: true)
            try Value.validateFields(["a": [value, value]], allowsBSON: true)
        }
    }

    @Test func standardRefusesBSONAsToday() {
        for value in Self.wellFormed {
            let error = ModelTestSupport.error { () throws(FirestoreError) in try Value.validateFields(["x": value]) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.hasPrefix("Field names must not begin and end with \"__\"") == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: [
        (BSON.int32(2_147_483_648), "The field '__int__' value (2,147,483,648) is too large to be converted to a 32-bit integer (found in field x)."),
        (BSON.int32(-2_147_483_650), "The field '__int__' value (-2,147,483,650) is too large to be converted to a 32-bit integer (found in field x)."),
        (BSON.timestamp(4_294_967_296, 2), "The field 'seconds' value (4,294,967,296) does not represent an unsigned 32-bit integer (found in field x)."),
        (BSON.timestamp(1, -1), "The field 'increment' value (-1) does not represent an unsigned 32-bit integer (found in field x)."),
        (BSON.regex("foo", "a"), "Invalid regex option 'a'. Supported options are 'i', 'm', 's', 'u', and 'x' (found in field x)."),
        (BSON.objectID("foo"), "Object ID hex string has incorrect length (found in field x)."),
        (BSON.objectID("507f191e810c19729de860eg"), "Object ID hex string has invalid characters (found in field x)."),
        (BSON.decimal("abc"), "Invalid number: 'abc' is not a decimal (found in field x)."),
        (BSON.decimal(""), "Invalid number: '' is not a decimal (found in field x)."),
        (BSON.decimal("1 23.45"), "Invalid number: '1 23.45' is not a decimal (found in field x)."),
        (BSON.decimal("1e1234567890"), "Exponent too large (found in field x)."),
        (BSON.binary(0, []).withBinary([]), "The field '__binary__' must hold at least its subtype byte (found in field x)."),
        (Value.map(["__min__": 1]), "The field '__min__' must hold null (found in field x)."),
        (Value.map(["__int__": 1, "y": 2]), "A BSON value's map must hold only its __int__ field (found in field x.__int__)."),
        (Value.map(["__foo__": 1]), "Field names must not begin and end with \"__\" (found in field x.__foo__)."),
    ] as [(Value, String)])
    func enterpriseRefusesMalformedBSON(value: Value, message: String) {
        let error = ModelTestSupport.error { () throws(FirestoreError) in try Value.validateFields(["x": value], allowsBSON: true) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message == message)
    }

    @Test func pipelineTypeNames() {
        let names = [
            (BSON.minKey, "min_key"), (BSON.maxKey, "max_key"), (BSON.int32(1), "int32"), (BSON.decimal("1"), "decimal128"),
            (BSON.objectID("507f191e810c19729de860ea"), "object_id"), (BSON.regex("a"), "regex"),
            (BSON.timestamp(1, 2), "request_timestamp"), (BSON.binary(1, [1]), "bytes"),
            (.integer(1), "int64"), (ModelTestSupport.vector([1]), "vector"), (["a": 1], "map"),
        ] as [(Value, String)]
        for (value, name) in names { #expect(value.typeName == name, "\(value)") }
    }

    @Test func displayTexts() {
        #expect(BSON.objectID("507F191E810C19729DE860EA").bson?.displayText == "ObjectId(\"507f191e810c19729de860ea\")")
        #expect(BSON.int32(5).bson?.displayText == "Int32(5)")
        #expect(BSON.minKey.bson?.displayText == "MinKey")
        #expect(BSON.regex("^a", "i").bson?.displayText == "/^a/i")
    }
}

private extension Value {
    /// This BSON binary map with its bytes replaced by `raw` (subtype byte included).
    func withBinary(_ raw: [UInt8]) -> Value { .map(["__binary__": .bytes(raw)]) }
}
