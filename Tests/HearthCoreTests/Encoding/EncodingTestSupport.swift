@testable import HearthCore

/// A small, fast, seeded generator (SplitMix64) so that every random test is reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// A random element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(next() % UInt64(choices.count))]
    }

    /// A random integer in `0 ..< bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Unsigned lexicographic comparison, a proper prefix first (LMDB's default order): -1, 0 or 1.
func lexicographicCompare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}

/// -1, 0 or 1.
func sign(_ x: Int) -> Int { x < 0 ? -1 : (x > 0 ? 1 : 0) }

/// Builds a reference value without validation.
func reference(_ project: String, _ database: String, _ segments: [String]) -> Value {
    .reference(
        DocumentReferenceValue(
            database: DatabaseID(uncheckedProject: project, database: database),
            key: DocumentKey(unchecked: ResourcePath(uncheckedSegments: segments))))
}

/// Builds a timestamp value without validation.
func timestamp(_ seconds: Int64, _ nanoseconds: Int32) -> Value {
    .timestamp(Timestamp(uncheckedSeconds: seconds, nanoseconds: nanoseconds))
}

/// Builds a geopoint value without validation.
func geoPoint(_ latitude: Double, _ longitude: Double) -> Value {
    .geoPoint(GeoPoint(uncheckedLatitude: latitude, longitude: longitude))
}

/// Builds Firestore's vector encoding of `elements`.
func vector(_ elements: [Double]) -> Value {
    .map(["__type__": "__vector__", "value": .array(elements.map { .double($0) })])
}

/// Integers where integer/double interleaving is delicate.
let trickyIntegers: [Int64] = [
    0, 1, -1, 2, -2, 42, -42, 1 << 52, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, (1 << 53) + 2, (1 << 53) + 3,
    -(1 << 53) - 1, -(1 << 53), -(1 << 53) + 1, -(1 << 53) - 2, 1 << 62, (1 << 62) + 1, (1 << 62) - 1,
    (1 << 62) + 512, (1 << 62) + 1024, Int64.max, Int64.max - 1, Int64.max - 511, Int64.max - 512,
    Int64.max - 1023, Int64.max - 1024, Int64.max - 1025, Int64.min, Int64.min + 1, Int64.min + 1023,
    Int64.min + 1024, Int64.min + 1025, -(1 << 62) - 1, -(1 << 62),
]

/// Doubles where ordering is delicate (NaNs with different payloads included).
let trickyDoubles: [Double] = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.0, 42.0, -42.0, .nan, -Double.nan,
    Double(bitPattern: 0x7FF0_0000_0000_0001),
    Double(bitPattern: 0xFFF8_0000_0000_1234), .infinity, -.infinity, 0x1p53, 0x1p53 + 2, (0x1p53).nextDown,
    -0x1p53, -(0x1p53).nextDown, -(0x1p53 + 2), 0x1p62, (0x1p62).nextUp, (0x1p62).nextDown, 0x1p63, -0x1p63,
    (0x1p63).nextDown, (0x1p63).nextUp, (-0x1p63).nextUp, (-0x1p63).nextDown, 0x1p64, -0x1p64,
    .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, (1.0).nextUp, (1.0).nextDown, (-1.0).nextUp, (-1.0).nextDown, (0.0).nextUp,
    9.223372036854775807e18, 1e300, -1e300, 0.1, 0.2, 0.3,
]

/// Strings that probe escaping, prefixes and UTF-8 (not UTF-16) order.
let trickyStrings: [String] = [
    "", "a", "b", "aa", "ab", "a\0", "a\0b", "a\0\0", "a\u{1}", "a\u{1}b", "\0", "\0\0", "\u{1}", "\u{2}", "\u{7F}",
    "\u{80}", "é", "e\u{301}", "e", "\u{FFFD}", "😀", "\u{FFFF}", "ÿ", "a\u{FF}", "__id1__", "__name__", "z",
    "日本語", "a😀", "a\u{FFFD}",
]

/// Map keys (no two canonically equivalent, since Swift dictionaries would merge them).
let trickyKeys: [String] = [
    "", "a", "b", "aa", "ab", "a\0", "\0", "\u{1}", "é", "😀", "\u{FFFD}", "value", "__type__", "z",
    // Longer than the 8-byte sort prefix, sharing it.
    "abcdefgh", "abcdefgh\0", "abcdefghi", "abcdefgg", "abcdefgh😀",
]

/// Generates random values of every type, heavily biased towards the tricky cases above so that
/// equal and nearly-equal pairs are common.
struct ValueGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func value(depth: Int = 3) -> Value {
        let kind = random.below(depth > 0 ? 17 : 13)
        switch kind {
        case 15, 16: return BSON.random(using: &random)
        case 0: return .null
        case 1: return .boolean(random.chance(50))
        case 2, 3: return number()
        case 4: return timestampValue()
        case 5: return .string(string())
        case 6: return .bytes(bytes())
        case 7: return referenceValue()
        case 8: return geoPointValue()
        case 9: return vectorValue()
        case 10: return number()
        case 11, 12: return depth > 0 ? arrayValue(depth: depth) : BSON.random(using: &random)
        default: return mapValue(depth: depth)
        }
    }

    mutating func number() -> Value {
        switch random.below(8) {
        case 0, 1: return .integer(random.pick(trickyIntegers))
        case 2, 3: return .double(random.pick(trickyDoubles))
        case 4:
            // An integer and the double nearest it, or its neighbours.
            let i = random.pick(trickyIntegers) &+ Int64(random.below(5)) &- 2
            let d = Double(i)
            return random.pick([.integer(i), .double(d), .double(d.nextUp), .double(d.nextDown)])
        case 5: return .integer(Int64(random.below(7)) - 3)
        case 6: return .double(Double(random.below(7)) / 2 - 1.5)
        default:
            let bits = random.next()
            return random.chance(50) ? .integer(Int64(bitPattern: bits)) : .double(Double(bitPattern: bits))
        }
    }

    mutating func timestampValue() -> Value {
        let seconds: Int64 = random.pick([Timestamp.minSeconds, Timestamp.maxSeconds, 0, -1, 1, 1_700_000_000,
                                          Int64(random.below(2_000_000)) - 1_000_000])
        let nanos: Int32 = random.pick([0, 1, 999_999_999, 500_000_000, Int32(random.below(1_000_000_000))])
        return timestamp(seconds, nanos)
    }

    mutating func string() -> String {
        if random.chance(60) { return random.pick(trickyStrings) }
        let alphabet = ["\0", "\u{1}", "a", "b", "é", "😀", "\u{FFFD}", "\u{7F}"]
        var result = ""
        for _ in 0 ..< random.below(5) { result += random.pick(alphabet) }
        return result
    }

    mutating func bytes() -> [UInt8] {
        let pool: [[UInt8]] = [[], [0], [0, 0], [0, 1], [1], [0xFF], [0xFF, 0], [1, 2, 3], [1, 2], [0x00, 0xFF]]
        if random.chance(60) { return random.pick(pool) }
        return (0 ..< random.below(5)).map { _ in random.pick([0, 1, 2, 0x7F, 0xFE, 0xFF]) }
    }

    mutating func referenceValue() -> Value {
        let segmentPool = ["c", "d", "c\0", "cc", "é", "a", "__id5__", "b"]
        let count = random.pick([2, 2, 4, 6])
        let segments = (0 ..< count).map { _ in random.pick(segmentPool) }
        return reference(random.pick(["p", "p2", "q"]), random.pick(["(default)", "db-1"]), segments)
    }

    mutating func geoPointValue() -> Value {
        let coordinates: [Double] = [-90, -0.0, 0.0, 1.5, -1.5, 90, 180, -180, 45.123456]
        return geoPoint(random.pick(coordinates), random.pick(coordinates))
    }

    mutating func vectorValue() -> Value {
        let elements = (0 ..< random.pick([0, 1, 2, 3])).map { _ in random.pick([-1.0, 0.0, 0.5, 1.0, 2.0]) }
        return vector(elements)
    }

    mutating func arrayValue(depth: Int) -> Value {
        .array((0 ..< random.below(4)).map { _ in value(depth: depth - 1) })
    }

    mutating func mapValue(depth: Int) -> Value {
        var fields: [String: Value] = [:]
        for _ in 0 ..< random.below(4) {
            fields[random.pick(trickyKeys)] = value(depth: depth - 1)
        }
        return .map(fields)
    }
}

/// Runs `body` with a reader over `bytes` and returns its result (or its typed error).
func reading<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws(FirestoreError) -> T) throws(FirestoreError) -> T {
    let result: Result<T, FirestoreError> = bytes.withUnsafeBytes { raw in
        var reader = ByteReader(raw)
        return Result { () throws(FirestoreError) in try body(&reader) }
    }
    return try result.get()
}
