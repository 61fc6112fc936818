/// Function and method calls: user functions (lexical lookup, lazy arguments and `let`s, the
/// call-depth limit), document access, namespaces and the standard library.
extension RuleEvaluator {
    /// The namespaces whose functions are written `namespace.name(…)`.
    static let namespaces: Set<String> = ["math", "timestamp", "duration", "latlng", "hashing"]

    /// Evaluates a `.call` node: a user function first, then `get`/`exists`/…, then the library.
    func evaluateCall(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .call(let name, let arguments) = expression.kind else { throw Self.malformed(expression) }
        if let (function, scope) = statement.allow.resolveFunction(named: name, fromScope: frame.scopeIndex) {
            return try callUserFunction(function, scope: scope, arguments: arguments, frame)
        }
        if let access = DocumentAccessFunction(rawValue: name) {
            return try callDocumentAccess(access, arguments: arguments, frame)
        }
        guard RuleStandardLibrary.hasFunction(name) else { throw RuleError.functionNotFound(name) }
        let values = try evaluateArguments(arguments, frame)
        if name == "debug", values.count == 1, case .symbol = values[0] { return values[0] }
        return .value(try RuleStandardLibrary.callFunction(name, arguments: try concrete(values, function: name)))
    }

    /// Evaluates a `.methodCall` node: `namespace.f(…)` or `receiver.m(…)` (receiver first).
    func evaluateMethodCall(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .methodCall(let receiver, let name, let arguments) = expression.kind else {
            throw Self.malformed(expression)
        }
        if case .identifier(let namespace) = receiver.kind, Self.namespaces.contains(namespace),
           !isBound(namespace, frame) {
            let qualified = namespace + "." + name
            let values = try concrete(try evaluateArguments(arguments, frame), function: qualified)
            return .value(try RuleStandardLibrary.callFunction(qualified, arguments: values))
        }
        let object = try evaluate(receiver, frame)
        let values = try evaluateArguments(arguments, frame)
        switch object {
        case .value(let value):
            let concreteArguments = try concrete(values, function: "\(value.typeName).\(name)")
            return .value(try RuleStandardLibrary.callMethod(name, on: value, arguments: concreteArguments))
        case .symbol(.partialMap(let map)) where name == "get" && values.count == 2:
            guard case .value(let key) = values[0] else {
                throw RuleError.unsupported(received: "map.get(constraint, _)")
            }
            let keys: [RuleValue]
            switch key {
            case .list(let list): keys = list
            default: keys = [key]
            }
            return try SymbolicOperations.get(map, keys: keys, fallback: values[1])
        case .symbol:
            let types = values.map(\.typeName).joined(separator: ", ")
            throw RuleError.unsupported(received: "constraint.\(name)(\(types))")
        }
    }

    /// Calls a user function: arguments become lazy thunks in the caller's frame, `let`s lazy
    /// thunks in the callee's, and the body runs at the declaring scope.
    private func callUserFunction(
        _ function: FunctionDecl, scope: Int, arguments: [Expr], _ frame: EvaluationFrame
    ) throws(RuleError) -> RuleTerm {
        guard arguments.count == function.parameters.count else {
            throw RuleError.argumentCount(
                received: arguments.count, expected: "\(function.name)(\(function.parameters.joined(separator: ", ")))")
        }
        guard callDepth < context.limits.maxCallDepth else {
            throw context.abortRequest(EvaluationLimitError.callDepth(context.limits.maxCallDepth))
        }
        var locals = LocalNames()
        for (parameter, argument) in zip(function.parameters, arguments) {
            locals.bind(parameter, to: LazyTerm(argument, in: frame))
        }
        for binding in function.bindings {
            let visible = EvaluationFrame(scopeIndex: scope, locals: locals)
            locals.bind(binding.name, to: LazyTerm(binding.value, in: visible))
        }
        callDepth += 1
        defer { callDepth -= 1 }
        return try evaluate(function.body, EvaluationFrame(scopeIndex: scope, locals: locals))
    }

    /// Evaluates call arguments left to right, stopping at the first error.
    private func evaluateArguments(_ arguments: [Expr], _ frame: EvaluationFrame) throws(RuleError) -> [RuleTerm] {
        var values: [RuleTerm] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try evaluate(argument, frame)) }
        return values
    }

    /// The arguments as concrete values; a symbol cannot be passed to the library.
    private func concrete(_ terms: [RuleTerm], function: String) throws(RuleError) -> [RuleValue] {
        var values: [RuleValue] = []
        values.reserveCapacity(terms.count)
        for term in terms {
            guard let value = term.concrete else {
                throw RuleError.unsupported(
                    received: "\(function)(\(terms.map(\.typeName).joined(separator: ", ")))")
            }
            values.append(value)
        }
        return values
    }
}
