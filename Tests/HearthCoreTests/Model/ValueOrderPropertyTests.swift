import Testing
@testable import HearthCore

/// Generates nested values of every type from a seeded generator, drawing from small pools so
/// that equal and equivalent values (1 and 1.0, -0.0 and 0.0, equal maps) occur often.
private struct ModelValueGenerator {
    var random: ModelTestRandom

    private static let integers: [Int64] = [.min, -9_007_199_254_740_993, -2, -1, 0, 1, 2, 9_007_199_254_740_993, .max]
    private static let doubles: [Double] = [
        -.infinity, -0x1p63, (-0x1p63).nextDown, -2, -1.5, -1, -0.0, 0, 0.5, 1, 2, 0x1p53, 0x1p63.nextDown, 0x1p63,
        .infinity, .nan, .leastNonzeroMagnitude,
    ]
    private static let strings = ["", "a", "aa", "b", "é", "e\u{301}", "\u{FFFD}", "\u{1F600}", "__type__", "value"]
    // Map keys leave out "e\u{301}": a Swift dictionary cannot hold it beside "é" (see `mapKeysAreCanonicallyEquivalent`).
    private static let keys = ["", "a", "aa", "b", "é", "\u{FFFD}", "\u{1F600}", "__type__", "value"]

    mutating func pick<T>(_ pool: [T]) -> T { pool[Int.random(in: 0..<pool.count, using: &random)] }

    mutating func value(depth: Int) -> Value {
        let kinds = depth > 0 ? 15 : 12
        switch Int.random(in: 0..<kinds, using: &random) {
        case 10 where depth == 0, 11 where depth == 0, 13, 14: return BSON.random(using: &random)
        case 0: return .null
        case 1: return .boolean(Bool.random(using: &random))
        case 2: return .integer(pick(Self.integers))
        case 3: return .double(pick(Self.doubles))
        case 4: return ModelTestSupport.timestamp(pick([-1, 0, 1]), pick([0, 1, 999_999_999]))
        case 5: return .string(pick(Self.strings))
        case 6: return .bytes(pick([[], [0], [0, 0], [1], [0xFF]]))
        case 7: return ModelTestSupport.reference(pick(["a/b", "a/b/c/d", "a-/a", "b/a"]), project: pick(["p", "q"]))
        case 8: return ModelTestSupport.geoPoint(pick([-1, 0, 1]), pick([-0.0, 0, 2]))
        case 9: return ModelTestSupport.vector((0..<Int.random(in: 0...2, using: &random)).map { _ in pick([-1, 0, 1]) })
        case 10, 11:
            let count = Int.random(in: 0...3, using: &random)
            return .array((0..<count).map { _ in value(depth: depth - 1) })
        default:
            var fields: [String: Value] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &random) { fields[pick(Self.keys)] = value(depth: depth - 1) }
            return .map(fields)
        }
    }
}

@Suite struct ValueOrderPropertyTests {
    private static func sample(seed: UInt64, count: Int) -> [Value] {
        var generator = ModelValueGenerator(random: ModelTestRandom(seed: seed))
        return (0..<count).map { _ in generator.value(depth: 3) }
    }

    @Test(arguments: [11 as UInt64, 12, 13])
    func antisymmetricAndReflexive(seed: UInt64) {
        let values = Self.sample(seed: seed, count: 250)
        var failures: [String] = []
        for a in values {
            if Value.compare(a, a) != 0 { failures.append("not reflexive: \(a)") }
            for b in values {
                let ab = Value.compare(a, b)
                if ![-1, 0, 1].contains(ab) { failures.append("out of range: \(a) vs \(b)") }
                if ab != -Value.compare(b, a) { failures.append("not antisymmetric: \(a) vs \(b)") }
                if a.isEquivalent(to: b) != (ab == 0) { failures.append("isEquivalent disagrees: \(a) vs \(b)") }
                if a == b && ab != 0 { failures.append("equal values compare unequal: \(a) vs \(b)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test(arguments: [21 as UInt64, 22, 23])
    func transitiveOnSampledTriples(seed: UInt64) {
        let values = Self.sample(seed: seed, count: 120)
        var random = ModelTestRandom(seed: seed &* 31)
        var failures: [String] = []
        var chained = 0
        for _ in 0..<30_000 {
            let a = values[Int.random(in: 0..<values.count, using: &random)]
            let b = values[Int.random(in: 0..<values.count, using: &random)]
            let c = values[Int.random(in: 0..<values.count, using: &random)]
            let ab = Value.compare(a, b)
            let bc = Value.compare(b, c)
            let ac = Value.compare(a, c)
            if ab <= 0 && bc <= 0 {
                chained += 1
                if ac > 0 { failures.append("\(a) <= \(b) <= \(c) but a > c") }
            }
            if ab == 0 && bc == 0 && ac != 0 { failures.append("\(a) == \(b) == \(c) but a != c") }
            if ab < 0 && bc <= 0 && ac >= 0 { failures.append("\(a) < \(b) <= \(c) but not a < c") }
        }
        #expect(chained > 1_000)
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test(arguments: [31 as UInt64, 32])
    func sortingYieldsATotalOrder(seed: UInt64) {
        let sorted = Self.sample(seed: seed, count: 250).sorted { Value.compare($0, $1) < 0 }
        var failures: [String] = []
        for i in sorted.indices {
            for j in sorted.indices where i < j && Value.compare(sorted[i], sorted[j]) > 0 {
                failures.append("\(sorted[i]) sorted before \(sorted[j])")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    @Test func mapKeysAreCanonicallyEquivalent() {
        let composed: Value = ["caf\u{E9}": 1]
        let decomposed: Value = ["cafe\u{301}": 1]
        // Firestore orders map keys by bytes, so these maps differ…
        #expect(Value.compare(composed, decomposed) != 0)
        // …but `[String: Value]` matches keys by canonical equivalence, so `Value.==` calls them equal
        // (and one dictionary cannot hold both keys). Recorded here until the model stores keys by bytes.
        withKnownIssue("Value.== compares map keys with Swift's canonical equivalence") {
            #expect(composed != decomposed)
        }
    }

    @Test func generatorCoversEveryTypeAndProducesTies() {
        let values = Self.sample(seed: 99, count: 400)
        #expect(Set(values.map(\.typeOrder)) == Set(Value.TypeOrder.allCases))
        var equivalentButDifferent = 0
        for a in values { for b in values where a != b && a.isEquivalent(to: b) { equivalentButDifferent += 1 } }
        #expect(equivalentButDifferent > 0)
    }
}
