@testable import HearthCore
import Testing

/// The property the index relies on: byte order of encodings ⇔ `Value.compare`, both directions.
@Suite("OrderedValueEncoding agrees with Value.compare")
struct OrderedValuePropertyTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomPairsAgree(seed: UInt64) {
        var generator = ValueGenerator(seed: seed)
        let values = (0 ..< 600).map { _ in generator.value() }
        let ascending = values.map { OrderedValueEncoding.encode($0, direction: .ascending) }
        let descending = values.map { OrderedValueEncoding.encode($0, direction: .descending) }
        var disagreements = 0
        var equalPairs = 0
        for i in values.indices {
            for j in values.indices where j > i {
                let expected = sign(Value.compare(values[i], values[j]))
                if expected == 0 { equalPairs += 1 }
                let up = lexicographicCompare(ascending[i], ascending[j])
                let down = lexicographicCompare(descending[i], descending[j])
                if up != expected || down != -expected {
                    disagreements += 1
                    if disagreements <= 10 {
                        Issue.record(
                            "compare(\(values[i]), \(values[j])) = \(expected), ascending \(up), descending \(down)")
                    }
                }
            }
        }
        #expect(disagreements == 0)
        // The generator duplicates tricky values on purpose: equal pairs must actually be exercised.
        #expect(equalPairs > 100)
    }

    @Test func trickyNumbersAgreePairwise() {
        let numbers: [Value] = trickyIntegers.flatMap { i -> [Value] in
            let d = Double(i)
            return [.integer(i), .double(d), .double(d.nextUp), .double(d.nextDown)]
        } + trickyDoubles.map { .double($0) } + trickyDoubles.filter { $0.isFinite && abs($0) < 0x1p63 }.map {
            .integer(Int64($0))
        }
        expectAgreement(numbers)
    }

    @Test func trickyStringsAndBytesAgreePairwise() {
        expectAgreement(trickyStrings.map { .string($0) } + trickyStrings.map { .bytes(Array($0.utf8)) })
    }

    @Test func sortingByEncodingMatchesSortingByCompare() {
        var generator = ValueGenerator(seed: 77)
        let values = (0 ..< 2_000).map { _ in generator.value(depth: 2) }
        for direction in [OrderedValueEncoding.Direction.ascending, .descending] {
            let sorted = values.map { (OrderedValueEncoding.encode($0, direction: direction), $0) }
                .sorted { lexicographicCompare($0.0, $1.0) < 0 }
                .map(\.1)
            var misordered = 0
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let order = Value.compare(a, b)
                if direction == .ascending ? order > 0 : order < 0 {
                    misordered += 1
                    if misordered <= 5 { Issue.record("\(direction): \(a) sorted before \(b)") }
                }
            }
            #expect(misordered == 0)
        }
    }

    @Test func concatenatedEncodingsOrderAsTuples() {
        // Index keys are (value, value, …, document number): prefix-freeness makes them tuple-ordered.
        var generator = ValueGenerator(seed: 11)
        let pairs = (0 ..< 150).map { _ in (generator.value(depth: 1), generator.value(depth: 1)) }
        for direction in [OrderedValueEncoding.Direction.ascending, .descending] {
            let keys = pairs.map { pair -> [UInt8] in
                var bytes: [UInt8] = []
                OrderedValueEncoding.encode(pair.0, direction: direction, into: &bytes)
                OrderedValueEncoding.encode(pair.1, direction: direction, into: &bytes)
                return bytes
            }
            for i in pairs.indices {
                for j in pairs.indices where j > i {
                    let first = sign(Value.compare(pairs[i].0, pairs[j].0))
                    let tuple = first != 0 ? first : sign(Value.compare(pairs[i].1, pairs[j].1))
                    let expected = direction == .ascending ? tuple : -tuple
                    #expect(lexicographicCompare(keys[i], keys[j]) == expected)
                }
            }
        }
    }
}

/// Expects every pair of `values` to order the same way by encoding and by `Value.compare`.
func expectAgreement(_ values: [Value], sourceLocation: SourceLocation = #_sourceLocation) {
    let ascending = values.map { OrderedValueEncoding.encode($0, direction: .ascending) }
    let descending = values.map { OrderedValueEncoding.encode($0, direction: .descending) }
    var disagreements = 0
    for i in values.indices {
        for j in values.indices {
            let expected = sign(Value.compare(values[i], values[j]))
            let up = lexicographicCompare(ascending[i], ascending[j])
            let down = lexicographicCompare(descending[i], descending[j])
            if up != expected || down != -expected {
                disagreements += 1
                if disagreements <= 10 {
                    let message =
                        "compare(\(values[i]), \(values[j])) = \(expected), ascending \(up), descending \(down)"
                    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                }
            }
        }
    }
    #expect(disagreements == 0, sourceLocation: sourceLocation)
}
