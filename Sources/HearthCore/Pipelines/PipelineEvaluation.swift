/// What an expression gives for one row: a value, nothing (a field the row does not have, and
/// what most functions give for it), or an error (a function given the wrong types, an overflow)
/// which `where` treats as not-true and a projection refuses.
package enum PipelineOutcome: Sendable, Equatable {
    /// A value.
    case value(Value)
    /// No value: the field is absent.
    case absent
    /// The evaluation failed, for this reason.
    case error(String)

    /// The value, when there is one.
    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// True only for the boolean `true`.
    var isTrue: Bool { self == .value(.boolean(true)) }
}

/// Evaluates pipeline expressions against rows of one database.
package struct PipelineEvaluator: Sendable {
    /// The database the rows come from (for `__name__` references).
    package let database: DatabaseID
    /// The time the pipeline runs at (`current_timestamp`).
    package let now: Timestamp
    /// Inside a subquery, the variables of the outer rows (a row's own `define`s come first).
    package var scope: [String: Value] = [:]
    /// Runs subqueries (`array(pipeline)`, `scalar(pipeline)`); nil where there is no engine to read with.
    package var subqueries: PipelineSubqueryRunner?
    /// Inside a search stage, the row's words and score; nil elsewhere.
    package var search: PipelineSearchScope?

    /// An evaluator for rows of `database`, run at `now`.
    package init(database: DatabaseID, now: Timestamp) {
        self.database = database
        self.now = now
    }

    /// The outcome of `expression` for `row`.
    /// - Throws: `INVALID_ARGUMENT` for an unknown function or a call with the wrong number of
    ///   arguments.
    package func evaluate(_ expression: PipelineExpression, _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        switch expression {
        case .constant(let value): return .value(value)
        case .field(let path): return field(path, row)
        case .map(let members):
            var result: [String: Value] = [:]
            for (name, member) in members {
                switch try evaluate(member, row) {
                case .value(let value): result[name] = value
                case .absent: continue
                case .error(let reason): return .error(reason)
                }
            }
            return .value(.map(result))
        case .array(let members):
            var result: [Value] = []
            for member in members {
                switch try evaluate(member, row) {
                case .value(let value): result.append(value)
                case .absent: result.append(.null)
                case .error(let reason): return .error(reason)
                }
            }
            return .value(.array(result))
        case .function(let name, let arguments):
            return try call(name, arguments, row)
        case .variable(let name):
            return .value(try variable(name, row))
        case .pipeline:
            throw FirestoreError(.invalidArgument, "A subquery can only be used inside array(…) or scalar(…).")
        }
    }

    /// The row's field at `path`: `__name__` is the document's reference, `__create_time__` and
    /// `__update_time__` its times (absent for a row that is no document and has no such field).
    func field(_ path: FieldPath, _ row: PipelineRow) -> PipelineOutcome {
        if path.isDocumentID {
            guard let key = row.key else { return row.fields["__name__"].map(PipelineOutcome.value) ?? .absent }
            return .value(.reference(DocumentReferenceValue(database: database, key: key)))
        }
        if path.segments.count == 1, row.key != nil {
            if path.segments[0] == "__create_time__", let time = row.createTime { return .value(.timestamp(time)) }
            if path.segments[0] == "__update_time__", let time = row.updateTime { return .value(.timestamp(time)) }
        }
        return row.fields.value(at: path).map(PipelineOutcome.value) ?? .absent
    }

    /// The outcomes of `arguments`, checked to number `count` (nil: any number).
    func arguments(
        _ arguments: [PipelineExpression], _ row: PipelineRow, of name: String, count: ClosedRange<Int>?
    ) throws(FirestoreError) -> [PipelineOutcome] {
        if let count, !count.contains(arguments.count) {
            let wanted =
                count.lowerBound == count.upperBound
                ? "\(count.lowerBound)"
                : count.upperBound == .max ? "at least \(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw FirestoreError(
                .invalidArgument, "Function \(name) takes \(wanted) argument\(count.upperBound == 1 ? "" : "s"), not \(arguments.count).")
        }
        var outcomes: [PipelineOutcome] = []
        outcomes.reserveCapacity(arguments.count)
        for argument in arguments { outcomes.append(try evaluate(argument, row)) }
        return outcomes
    }

    /// Runs function `name`.
    func call(_ name: String, _ arguments: [PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        // The logical functions look at their arguments lazily (and(false, error) is false).
        switch name {
        case "and", "or": return try logical(name, arguments, row)
        case "nor":
            switch try logical("or", arguments, row) {
            case .value(.boolean(let flag)): return .value(.boolean(!flag))
            case let other: return other
            }
        case "conditional":
            let values = try self.arguments(arguments, row, of: name, count: 3...3)
            if case .error = values[0] { return values[0] }
            return values[0].isTrue ? values[1] : values[2]
        case "switch_on": return try switchOn(arguments, row)
        case "array_filter", "array_transform": return try arrayLambda(name, arguments, row)
        case "document_matches", "score", "geo_distance": return try searchFunction(name, arguments, row)
        case "array" where arguments.count == 1, "scalar":
            if arguments.count == 1, case .pipeline(let inner) = arguments[0] {
                return try subquery(inner, scalar: name == "scalar", row)
            }
            if name == "scalar" { throw FirestoreError(.invalidArgument, "scalar() takes one subquery.") }
        default: break
        }
        guard let function = PipelineFunctions.table[name] else {
            throw FirestoreError(.invalidArgument, "Unknown pipeline function: \(name).")
        }
        let values = try self.arguments(arguments, row, of: name, count: function.arity)
        return function.body(values, PipelineCallContext(evaluator: self, row: row))
    }

    /// `switch_on(c1, r1, c2, r2, …[, default])`: the result after the first condition that is
    /// `true` (only it is evaluated); an error condition is the result; with none true, the
    /// default, or an error without one.
    private func switchOn(_ arguments: [PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        guard arguments.count >= 2 else {
            throw FirestoreError(.invalidArgument, "Function switch_on takes conditions and results in pairs, then an optional default.")
        }
        var index = 0
        while index + 1 < arguments.count {
            let condition = try evaluate(arguments[index], row)
            if case .error = condition { return condition }
            if condition.isTrue { return try evaluate(arguments[index + 1], row) }
            index += 2
        }
        if index < arguments.count { return try evaluate(arguments[index], row) }
        return .error("Function switch_on: all switch cases evaluate to false, and no default provided.")
    }

    /// `and` / `or`: false (true) as soon as one argument is; otherwise an error if one was; otherwise
    /// absent if one was; otherwise true (false).
    private func logical(_ name: String, _ arguments: [PipelineExpression], _ row: PipelineRow) throws(FirestoreError) -> PipelineOutcome {
        let decisive = name == "or"
        var sawError: String?
        var sawAbsent = false
        for argument in arguments {
            switch try evaluate(argument, row) {
            case .value(.boolean(let flag)): if flag == decisive { return .value(.boolean(decisive)) }
            case .value(.null), .absent: sawAbsent = true
            case .value(let other): sawError = sawError ?? "\(name) takes booleans, not \(other.typeName)."
            case .error(let reason): sawError = sawError ?? reason
            }
        }
        if let sawError { return .error(sawError) }
        if sawAbsent { return .value(.null) }
        return .value(.boolean(!decisive))
    }
}

/// What a function body may look at besides its arguments.
struct PipelineCallContext {
    /// The evaluator (its database and time).
    let evaluator: PipelineEvaluator
    /// The row being evaluated.
    let row: PipelineRow
}

extension Value {
    /// The type's name as the pipeline `type` function gives it.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "int64"
        case .double: "float64"
        case .timestamp: "timestamp"
        case .string: "string"
        case .bytes: "bytes"
        case .reference: "reference"
        case .geoPoint: "geo_point"
        case .array: "array"
        case .map(let fields):
            if let bson { bson.typeName } else { fields["__type__"] == .string("__vector__") ? "vector" : "map" }
        }
    }
}
