/// Member access, indexing and slicing.
extension RuleEvaluator {
    /// Evaluates a `.member`, `.index` or `.slice` node (receiver first).
    func evaluateAccess(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        switch expression.kind {
        case .member(let receiver, let name):
            let object = try evaluate(receiver, frame)
            return try member(object, name)
        case .index(let receiver, let index):
            let container = try evaluate(receiver, frame)
            let key = try evaluate(index, frame)
            return try subscripted(container, key)
        case .slice(let receiver, let from, let to):
            let container = try evaluate(receiver, frame)
            let start = try evaluateConcrete(from, frame, role: "slice")
            let end = try evaluateConcrete(to, frame, role: "slice")
            guard let concrete = container.concrete else {
                throw RuleError.unsupported(received: "constraint[\(start.typeName):\(end.typeName)]")
            }
            return .value(try RuleOperations.slice(concrete, from: start, to: end))
        default:
            throw Self.malformed(expression)
        }
    }

    /// `object.name`.
    private func member(_ object: RuleTerm, _ name: String) throws(RuleError) -> RuleTerm {
        switch object {
        case .value(let value): return .value(try RuleOperations.member(value, name))
        case .symbol(let symbol): return try SymbolicOperations.member(symbol, name)
        }
    }

    /// `container[key]`.
    private func subscripted(_ container: RuleTerm, _ key: RuleTerm) throws(RuleError) -> RuleTerm {
        switch (container, key) {
        case (.value(let object), .value(let index)):
            return .value(try RuleOperations.index(object, index))
        case (.symbol(let symbol), .value(.string(let name))):
            return try SymbolicOperations.member(symbol, name)
        default:
            throw RuleError.unsupported(received: "\(container.typeName)[\(key.typeName)]")
        }
    }
}
