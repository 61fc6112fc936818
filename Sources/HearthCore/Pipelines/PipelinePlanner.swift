/// Turns the index-shaped prefix of a pipeline into its classic twin: after a collection or
/// collection-group source, `where` stages of simple comparisons of a field with a constant,
/// then a `sort` by fields those filters constrain, then `offset` and `limit`, become one
/// `StructuredQuery` that the classic planner serves from an index. What does not fit stays for
/// the in-memory stages. Pushing down never changes a result: only filters whose classic meaning
/// is the pipeline's move (`!=` does not: a pipeline keeps rows without the field).
enum PipelinePlanner {
    /// The classic query for `source` and the number of following stages it absorbed.
    static func plan(source: StructuredQuery, stages: ArraySlice<PipelineStage>) -> (query: StructuredQuery, absorbed: Int) {
        var query = source
        var filters: [QueryFilter] = []
        var absorbed = 0
        var constrained: Set<FieldPath> = []
        var index = stages.startIndex
        // where*
        while index < stages.endIndex, case .where(let condition) = stages[index], let filter = filter(condition) {
            filters.append(filter)
            constrained.formUnion(fields(of: filter))
            index += 1
            absorbed += 1
        }
        if !filters.isEmpty { query.filter = filters.count == 1 ? filters[0] : .composite(.and, filters) }
        // sort? (only by fields every row left has: a classic order drops rows without the field)
        if index < stages.endIndex, case .sort(let orderings) = stages[index] {
            var orders: [QueryOrder] = []
            for ordering in orderings {
                guard case .field(let path) = ordering.expression, path.isDocumentID || constrained.contains(path) else { break }
                orders.append(QueryOrder(path, descending: ordering.descending))
            }
            guard orders.count == orderings.count else { return (query, absorbed) }
            // Ties keep the source's (name) order in a pipeline; a classic descending order would
            // break them by name descending.
            if let last = orders.last, last.descending, !last.field.isDocumentID {
                orders.append(QueryOrder(FieldPath.documentID))
            }
            query.orderBy = orders
            index += 1
            absorbed += 1
        }
        // offset? limit?
        if index < stages.endIndex, case .offset(let count) = stages[index] {
            query.offset = count
            index += 1
            absorbed += 1
        }
        if index < stages.endIndex, case .limit(let count) = stages[index] {
            query.limit = count
            absorbed += 1
        }
        return (query, absorbed)
    }

    /// The classic filter meaning exactly what `condition` does in a `where`, or nil.
    static func filter(_ condition: PipelineExpression) -> QueryFilter? {
        guard case .function(let name, let arguments) = condition else { return nil }
        if name == "and" {
            let parts = arguments.compactMap(filter)
            guard parts.count == arguments.count, !parts.isEmpty else { return nil }
            return parts.count == 1 ? parts[0] : .composite(.and, parts)
        }
        guard arguments.count == 2, case .field(let path) = arguments[0], !path.isDocumentID,
            case .constant(let value) = arguments[1]
        else { return nil }
        switch name {
        case "equal":
            if value == .null { return .unary(path, .isNull) }
            if value.isNaN { return .unary(path, .isNaN) }
            if case .map = value { return nil }
            if case .array = value { return nil }
            return .field(path, .equal, value)
        case "less_than", "less_than_or_equal", "greater_than", "greater_than_or_equal":
            guard value != .null, !value.isNaN else { return nil }
            if case .map = value { return nil }
            if case .array = value { return nil }
            let op: FieldOperator = switch name {
            case "less_than": .lessThan
            case "less_than_or_equal": .lessThanOrEqual
            case "greater_than": .greaterThan
            default: .greaterThanOrEqual
            }
            return .field(path, op, value)
        case "array_contains":
            guard value != .null, !value.isNaN else { return nil }
            return .field(path, .arrayContains, value)
        case "equal_any":
            guard case .array(let wanted) = value, !wanted.isEmpty, wanted.count <= 30,
                wanted.allSatisfy({ $0 != .null && !$0.isNaN })
            else { return nil }
            return .field(path, .in, value)
        default:
            return nil
        }
    }

    /// The fields a filter requires to be present.
    static func fields(of filter: QueryFilter) -> [FieldPath] {
        switch filter {
        case .field(let path, _, _), .unary(let path, _): [path]
        case .composite(.and, let parts): parts.flatMap(fields)
        case .composite: []
        }
    }
}
