/// The groups of an `aggregate` or `distinct` stage, fed one row at a time: each group's values
/// and its accumulators. Used by the in-memory stage and by the streaming scan alike.
struct PipelineGrouping {
    /// The group fields' names, sorted (the output order of a group's values).
    let groupNames: [String]
    /// The group fields' expressions, in `groupNames` order.
    let groupExpressions: [PipelineExpression]
    /// The accumulators' names, sorted.
    let accumulatorNames: [String]
    /// The accumulators' arguments, in `accumulatorNames` order (nil for `count()`).
    let arguments: [PipelineExpression?]
    private let fresh: [PipelineAccumulator]
    private var groupIndex: [PipelineGroupKey: Int] = [:]
    private var groupValues: [[Value]] = []
    private var states: [PipelineAccumulator] = []
    /// Up to this many groups are found by a linear search, beyond it by hashing.
    private static let linearSearchLimit = 12

    /// Empty groups for these accumulators and groups; with no groups, the one group of every row
    /// exists from the start (an aggregate of no rows still gives one row).
    init(accumulators: [String: PipelineAggregate], groups: [String: PipelineExpression]) {
        groupNames = groups.keys.sorted()
        groupExpressions = groupNames.compactMap { groups[$0] }
        accumulatorNames = accumulators.keys.sorted()
        let aggregates = accumulatorNames.compactMap { accumulators[$0] }
        arguments = aggregates.map(\.argument)
        fresh = aggregates.map(PipelineAccumulator.init)
        if groupNames.isEmpty { _ = group(of: []) }
    }

    /// The index of the group with `values`, made when new. While there are few groups a linear
    /// search finds it without building a key (most group-bys have a handful of groups).
    mutating func group(of values: [Value]) -> Int {
        if groupValues.count <= Self.linearSearchLimit {
            search: for (index, candidate) in groupValues.enumerated() {
                for (a, b) in zip(candidate, values) where !PipelineGroupKey.sameGroup(a, b) { continue search }
                return index
            }
            if groupValues.count < Self.linearSearchLimit {
                groupValues.append(values)
                states += fresh
                return groupValues.count - 1
            }
            // The limit is reached: index every group so far, then hash from now on.
            for (index, candidate) in groupValues.enumerated() { groupIndex[PipelineGroupKey(candidate)] = index }
        }
        let key = PipelineGroupKey(values)
        if let index = groupIndex[key] { return index }
        let index = groupValues.count
        groupIndex[key] = index
        groupValues.append(values)
        states += fresh
        return index
    }

    /// Adds one row given as its group values and its accumulators' argument outcomes (in
    /// `accumulatorNames` order; nil for `count()`).
    mutating func add(groupValues values: [Value], arguments outcomes: [PipelineOutcome?]) {
        add(toGroup: group(of: values), arguments: outcomes)
    }

    /// Adds one row to the group numbered `group` (as `group(of:)` gave it), given its
    /// accumulators' argument outcomes.
    mutating func add(toGroup group: Int, arguments outcomes: [PipelineOutcome?]) {
        let base = group * fresh.count
        for index in outcomes.indices { states[base + index].add(outcomes[index]) }
    }

    /// Adds one argument outcome to accumulator number `index` (in `accumulatorNames` order) of
    /// the group numbered `group`.
    mutating func add(toGroup group: Int, accumulator index: Int, _ outcome: PipelineOutcome?) {
        states[group * fresh.count + index].add(outcome)
    }

    /// Adds the integer `number` as the argument of accumulator number `index` of group `group`.
    @inline(__always)
    mutating func add(toGroup group: Int, accumulator index: Int, integer number: Int64) {
        states[group * fresh.count + index].add(integer: number)
    }

    /// Adds one row to `count()` (no argument) accumulator number `index` of group `group`.
    @inline(__always)
    mutating func addRow(toGroup group: Int, accumulator index: Int) {
        states[group * fresh.count + index].addRow()
    }

    /// Adds `row`, evaluating the group expressions (absent as null) and the arguments.
    /// - Throws: `INVALID_ARGUMENT` when a group expression fails.
    mutating func add(_ row: PipelineRow, evaluator: PipelineEvaluator) throws(FirestoreError) {
        var values: [Value] = []
        values.reserveCapacity(groupExpressions.count)
        for (name, expression) in zip(groupNames, groupExpressions) {
            switch try evaluator.evaluate(expression, row) {
            case .value(let value): values.append(value)
            case .absent: values.append(.null)
            case .error(let reason): throw FirestoreError(.invalidArgument, "Evaluating group \(name) failed: \(reason)")
            }
        }
        var outcomes: [PipelineOutcome?] = []
        outcomes.reserveCapacity(arguments.count)
        for argument in arguments {
            outcomes.append(try argument.map { expression throws(FirestoreError) in try evaluator.evaluate(expression, row) })
        }
        add(groupValues: values, arguments: outcomes)
    }

    /// One row per group: the group's values and the accumulators' results; groups in their
    /// values' order (Firestore's value order, field by field in name order).
    func rows() -> [PipelineRow] {
        var order = Array(groupValues.indices)
        if !groupNames.isEmpty {
            order.sort { left, right in
                for (a, b) in zip(groupValues[left], groupValues[right]) {
                    let comparison = Value.compare(a, b)
                    if comparison != 0 { return comparison < 0 }
                }
                return left < right
            }
        }
        return order.map { group in
            var fields: [String: Value] = [:]
            for (name, value) in zip(groupNames, groupValues[group]) { fields[name] = value }
            for (offset, name) in accumulatorNames.enumerated() { fields[name] = states[group * fresh.count + offset].result }
            return PipelineRow(fields: fields)
        }
    }
}
