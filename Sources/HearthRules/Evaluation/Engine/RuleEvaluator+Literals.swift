/// List, map and path literals.
extension RuleEvaluator {
    /// Evaluates a `.list`, `.map` or `.path` node; elements left to right, the first error wins.
    func evaluateLiteral(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        switch expression.kind {
        case .list(let items):
            var values: [RuleValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluateConcrete(item, frame, role: "list")) }
            return .value(.list(values))
        case .map(let entries):
            var pairs: [(key: RuleValue, value: RuleValue)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries {
                let key = try evaluateConcrete(entry.key, frame, role: "map")
                pairs.append((key, try evaluateConcrete(entry.value, frame, role: "map")))
            }
            return .value(try RuleOperations.mapLiteral(pairs))
        case .path(let segments):
            return .value(.path(try evaluatePath(segments, frame)))
        default:
            throw Self.malformed(expression)
        }
    }

    /// Builds a path literal: literal text, interpolated values, `{name}` placeholders kept as text.
    private func evaluatePath(
        _ segments: [PathLiteralSegment], _ frame: EvaluationFrame
    ) throws(RuleError) -> RulePath {
        var result: [String] = []
        result.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text):
                result.append(text)
            case .placeholder(let name):
                result.append("{\(name)}")
            case .interpolation(let inner):
                let value = try evaluateConcrete(inner, frame, role: "$")
                result += try RuleOperations.pathSegments(interpolating: value)
            }
        }
        return RulePath(segments: result)
    }
}
