/// The running state of one aggregate function over one group's rows.
struct PipelineAccumulator {
    /// The aggregates Hearth implements, decided once so that adding a row compares no names.
    enum Kind: String, CaseIterable {
        case count, countIf = "count_if", countDistinct = "count_distinct", sum, average, minimum, maximum, first, last
        case arrayAgg = "array_agg", arrayAggDistinct = "array_agg_distinct"
    }

    /// Which aggregate.
    let kind: Kind?
    private var count: Int64 = 0
    private var integerSum: Int64 = 0
    private var doubleSum: Double = 0
    private var sawDouble = false
    private var overflowed = false
    private var numbers = 0
    private var best: Value?
    private var first: Value?
    private var last: Value?
    private var collected: [Value] = []
    private var distinct: [Value] = []
    private var seen: Set<PipelineGroupKey> = []

    /// The aggregate names Hearth implements.
    static let names: Set<String> = Set(Kind.allCases.map(\.rawValue))

    /// A fresh accumulator for `aggregate` (one of `names`; any other accumulates nothing).
    init(_ aggregate: PipelineAggregate) { kind = Kind(rawValue: aggregate.name) }

    /// Takes one row's outcome of the argument (`count()` with no argument counts every row).
    mutating func add(_ outcome: PipelineOutcome?) {
        switch kind {
        case .count:
            guard let outcome else { count += 1; return }
            if case .value(let value) = outcome, value != .null { count += 1 }
        case .countIf:
            if outcome?.isTrue == true { count += 1 }
        case .countDistinct, .arrayAggDistinct:
            guard case .value(let value)? = outcome, kind == .arrayAggDistinct || value != .null else { return }
            if seen.insert(PipelineGroupKey([value])).inserted { distinct.append(value) }
        case .sum, .average:
            guard case .value(let given)? = outcome else { return }
            let value = if case .map = given, let summand = given.bsonSummand { summand } else { given }
            switch value {
            case .integer(let number):
                addSummand(number)
            case .double(let number):
                numbers += 1
                sawDouble = true
                doubleSum += number
            default: return
            }
        case .minimum, .maximum:
            guard case .value(let value)? = outcome, value != .null else { return }
            let order = Value.compare(value, best ?? value)
            if best == nil || (kind == .minimum ? order < 0 : order > 0) { best = value }
        case .first:
            if first == nil { first = outcome?.value ?? .null }
        case .last:
            last = outcome?.value ?? .null
        case .arrayAgg:
            if case .value(let value)? = outcome { collected.append(value) }
        case nil: return
        }
    }

    /// Takes one row's argument when it is the integer `number`: what `add(.value(.integer(number)))`
    /// does, without building the value (the streamed scan's hot path).
    @inline(__always)
    mutating func add(integer number: Int64) {
        switch kind {
        case .count:
            count += 1
        case .sum, .average:
            addSummand(number)
        default:
            add(.value(.integer(number)))
        }
    }

    /// Adds the integer `number` to a sum or average: exactly while the integer sum fits in 64
    /// bits, as a double (the result's type from then on) once it overflows.
    @inline(__always)
    private mutating func addSummand(_ number: Int64) {
        numbers += 1
        let (sum, overflow) = integerSum.addingReportingOverflow(number)
        if overflow {
            overflowed = true
            sawDouble = true
        } else {
            integerSum = sum
        }
        doubleSum += Double(number)
    }

    /// Takes one row of `count()` (no argument): what `add(nil)` does.
    @inline(__always)
    mutating func addRow() {
        if kind == .count { count += 1 } else { add(nil) }
    }

    /// The aggregate's result: null for a sum, average, minimum or maximum of no numbers/values.
    var result: Value {
        switch kind {
        case .count, .countIf: return .integer(count)
        case .countDistinct: return .integer(Int64(distinct.count))
        case .arrayAggDistinct: return .array(distinct)
        case .sum:
            guard numbers > 0 else { return .null }
            return sawDouble || overflowed ? .double(doubleSum) : .integer(integerSum)
        case .average:
            guard numbers > 0 else { return .null }
            return .double(doubleSum / Double(numbers))
        case .minimum, .maximum: return best ?? .null
        case .first: return first ?? .null
        case .last: return last ?? .null
        case .arrayAgg: return .array(collected)
        case nil: return .null
        }
    }
}
