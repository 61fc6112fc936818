/// The running state of one aggregate function over one group's rows.
struct PipelineAccumulator {
    /// Which aggregate.
    let aggregate: PipelineAggregate
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

    /// The aggregate names Hearth implements.
    static let names: Set<String> = [
        "count", "count_if", "count_distinct", "sum", "average", "minimum", "maximum", "first", "last", "array_agg",
        "array_agg_distinct",
    ]

    /// A fresh accumulator for `aggregate`.
    init(_ aggregate: PipelineAggregate) { self.aggregate = aggregate }

    /// Takes one row's outcome of the argument (`count()` with no argument counts every row).
    mutating func add(_ outcome: PipelineOutcome?) {
        switch aggregate.name {
        case "count":
            guard let outcome else { count += 1; return }
            if case .value(let value) = outcome, value != .null { count += 1 }
        case "count_if":
            if outcome?.isTrue == true { count += 1 }
        case "count_distinct", "array_agg_distinct":
            guard case .value(let value)? = outcome, aggregate.name == "array_agg_distinct" || value != .null else { return }
            if !distinct.contains(where: { PipelineFunctions.equivalent($0, value) }) { distinct.append(value) }
        case "sum", "average":
            guard case .value(let value)? = outcome else { return }
            switch value {
            case .integer(let number):
                numbers += 1
                let (sum, overflow) = integerSum.addingReportingOverflow(number)
                if overflow { overflowed = true }
                integerSum = overflow ? integerSum : sum
                doubleSum += Double(number)
                if overflow { sawDouble = true }
            case .double(let number):
                numbers += 1
                sawDouble = true
                doubleSum += number
            default: return
            }
        case "minimum", "maximum":
            guard case .value(let value)? = outcome, value != .null else { return }
            let order = Value.compare(value, best ?? value)
            if best == nil || (aggregate.name == "minimum" ? order < 0 : order > 0) { best = value }
        case "first":
            if first == nil { first = outcome?.value ?? .null }
        case "last":
            last = outcome?.value ?? .null
        case "array_agg":
            if case .value(let value)? = outcome { collected.append(value) }
        default: return
        }
    }

    /// The aggregate's result: null for a sum, average, minimum or maximum of no numbers/values.
    var result: Value {
        switch aggregate.name {
        case "count", "count_if": return .integer(count)
        case "count_distinct": return .integer(Int64(distinct.count))
        case "array_agg_distinct": return .array(distinct)
        case "sum":
            guard numbers > 0 else { return .null }
            return sawDouble || overflowed ? .double(doubleSum) : .integer(integerSum)
        case "average":
            guard numbers > 0 else { return .null }
            return .double(doubleSum / Double(numbers))
        case "minimum", "maximum": return best ?? .null
        case "first": return first ?? .null
        case "last": return last ?? .null
        case "array_agg": return .array(collected)
        default: return .null
        }
    }
}
