/// Runs a subquery for one outer row: the inner pipeline, the outer row, and the variables the
/// inner pipeline sees (the outer scope and the outer row's own).
package struct PipelineSubqueryRunner: Sendable {
    /// The body, which the engine supplies.
    let run: @Sendable (Pipeline, PipelineRow, [String: Value]) throws(FirestoreError) -> [PipelineRow]

    /// A runner calling `run`.
    package init(_ run: @escaping @Sendable (Pipeline, PipelineRow, [String: Value]) throws(FirestoreError) -> [PipelineRow]) {
        self.run = run
    }
}

extension PipelineEvaluator {
    /// The value of variable `name`: the row's own binding, else the outer scope's.
    /// - Throws: `INVALID_ARGUMENT` for a variable nothing bound.
    func variable(_ name: String, _ row: PipelineRow) throws(FirestoreError) -> Value {
        if let value = row.variables[name] ?? scope[name] { return value }
        throw FirestoreError(.invalidArgument, "Unknown pipeline variable: \(name).")
    }

    /// `array(subquery)`: the subquery's rows as maps, or their values when each has one field;
    /// `scalar(subquery)`: its one
    /// row's only field, or the row as a map when it has several, null for no row.
    /// - Throws: `INVALID_ARGUMENT` where subqueries cannot run; as the subquery does.
    func subquery(_ inner: Pipeline, scalar: Bool, _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        guard let subqueries else { throw FirestoreError(.invalidArgument, "Subqueries cannot run here.") }
        let rows = try subqueries.run(inner, row, scope.merging(row.variables) { _, own in own })
        guard scalar else {
            // Rows of one field each give their values, as a scalar subquery does; others maps.
            if rows.allSatisfy({ $0.fields.count == 1 }) { return .value(.array(rows.compactMap(\.fields.values.first))) }
            return .value(.array(rows.map { .map($0.fields) }))
        }
        switch rows.count {
        case 0: return .value(.null)
        case 1:
            let fields = rows[0].fields
            if fields.count == 1, let only = fields.values.first { return .value(only) }
            return .value(.map(fields))
        default: return .error("A scalar subquery returned multiple results (\(rows.count)); it must give at most one.")
        }
    }

    /// `array_filter(array, alias, condition)`: the elements for which `condition` (reading the
    /// element as variable `alias`) is true. `array_transform(array, alias[, index alias], expression)`:
    /// each element replaced by `expression`'s value (null where it is absent).
    /// Absent or null arrays give themselves; any other non-array is an error.
    func arrayLambda(_ name: String, _ arguments: [PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        let filtering = name == "array_filter"
        let range = filtering ? 3...3 : 3...4
        guard range.contains(arguments.count) else {
            throw FirestoreError(.invalidArgument, "Function \(name) takes \(filtering ? "3" : "3 or 4") arguments, not \(arguments.count).")
        }
        let aliases = try arguments.dropFirst().dropLast().map { argument throws(FirestoreError) -> String in
            guard case .value(.string(let alias)) = try evaluate(argument, row), !alias.isEmpty else {
                throw FirestoreError(.invalidArgument, "Function \(name) takes variable names as strings.")
            }
            return alias
        }
        let array = try evaluate(arguments[0], row)
        guard case .value(.array(let elements)) = array else {
            if case .value(let other) = array, other != .null { return PipelineFunctions.wrongType(name, other) }
            return array
        }
        guard let body = arguments.last else { return array }
        var results: [Value] = []
        var scoped = row
        for (index, element) in elements.enumerated() {
            scoped.variables[aliases[0]] = element
            if aliases.count > 1 { scoped.variables[aliases[1]] = .integer(Int64(index)) }
            let outcome = try evaluate(body, scoped)
            if case .error = outcome { return outcome }
            if filtering {
                if outcome.isTrue { results.append(element) }
            } else {
                results.append(outcome.value ?? .null)
            }
        }
        return .value(.array(results))
    }
}
