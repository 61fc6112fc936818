/// What security rules see of a pipeline that reads a collection, collection group or database:
/// production's rules engine recognizes only simple filters of a field against a constant
/// (`equal`, `not_equal`, `greater_than(_or_equal)`, `less_than(_or_equal)`, `equal_any`,
/// `array_contains`) in the `where` stages that act on the source's documents, and gives rules
/// no `limit`, `offset` or `orderBy`. A pipeline is judged as a `list` of the query made of them.
enum PipelineRules {
    /// The query the rules judge a pipeline by: `source` with the recognized filters of the
    /// `where` stages before the first stage that changes rows (other than `sort`, `offset`,
    /// `limit`), joined by `and`. Unrecognized conditions are left out, which can only make the
    /// rules' judgement stricter.
    static func judgedQuery(source: StructuredQuery, stages: ArraySlice<PipelineStage>) -> StructuredQuery {
        var terms: [QueryFilter] = []
        scan: for stage in stages {
            switch stage {
            case .where(let condition): terms += recognized(condition)
            case .sort, .offset, .limit: continue
            default: break scan
            }
        }
        var query = source
        if !terms.isEmpty { query.filter = terms.count == 1 ? terms[0] : .composite(.and, terms) }
        return query
    }

    /// The simple filters a condition holds: each part of an `and`, or the condition itself.
    static func recognized(_ condition: PipelineExpression) -> [QueryFilter] {
        guard case .function(let name, let arguments) = condition else { return [] }
        if name == "and" { return arguments.flatMap(recognized) }
        if name == "not_equal", arguments.count == 2, case .field(let path) = arguments[0], !path.isDocumentID,
           case .constant(let value) = arguments[1] {
            if value == .null { return [.unary(path, .isNotNull)] }
            if value.isNaN { return [.unary(path, .isNotNaN)] }
            return [.field(path, .notEqual, value)]
        }
        return PipelinePlanner.filter(condition).map { [$0] } ?? []
    }
}
