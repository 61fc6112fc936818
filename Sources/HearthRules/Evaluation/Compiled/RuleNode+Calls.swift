/// A user-defined function, compiled once: its `let` values and body, and where it is declared.
final class CompiledFunction: @unchecked Sendable {
    /// The declaration (name and parameters, for messages).
    let declaration: FunctionDecl
    /// How many scope levels lie outside the declaring one (the same for every statement that can
    /// call it, since scopes are lexical): the body runs at `scopes.count - 1 - levelsFromOuter`.
    let levelsFromOuter: Int
    /// The `let` values in order; each sees the parameters and the earlier `let`s.
    private(set) var bindings: [RuleNode] = []
    /// The returned expression; nil only while the compiler is still building it.
    private(set) var body: RuleNode?

    /// A function declared `levelsFromOuter` levels inside the outermost scope.
    init(declaration: FunctionDecl, levelsFromOuter: Int) {
        self.declaration = declaration
        self.levelsFromOuter = levelsFromOuter
    }

    /// Completes the function (the compiler's last step for it).
    func finish(bindings: [RuleNode], body: RuleNode) {
        self.bindings = bindings
        self.body = body
    }
}

/// `name(args…)` of a user function: arguments become lazy terms in the caller's frame, `let`s
/// lazy terms in the callee's, and the body runs at the declaring scope.
final class UserCallNode: RuleNode, @unchecked Sendable {
    /// The function called.
    let function: CompiledFunction
    /// The arguments (as many as the function has parameters).
    let arguments: [RuleNode]

    /// A call of `function` for expression `id`.
    init(id: Int, function: CompiledFunction, arguments: [RuleNode]) {
        self.function = function
        self.arguments = arguments
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let context = evaluator.context
        let limit = context.limits.maxCallDepth
        guard context.callDepth < limit else {
            throw context.abortRequest(EvaluationLimitError.callDepth(limit))
        }
        let scope = evaluator.statement.allow.scopes.count - 1 - function.levelsFromOuter
        guard scope >= 0, let body = function.body else {
            throw RuleError(.evaluation, "Internal error: function \(function.declaration.name) is not in scope.")
        }
        var locals = RuleLocals.none
        for argument in arguments { locals = locals.appending(LazyTerm(argument, in: frame)) }
        for binding in function.bindings {
            locals = locals.appending(LazyTerm(binding, in: RuleFrame(scopeIndex: scope, locals: locals)))
        }
        context.callDepth += 1
        defer { context.callDepth -= 1 }
        return try body.evaluate(evaluator, RuleFrame(scopeIndex: scope, locals: locals))
    }
}

/// A call of a global function of the standard library (`int(…)`, `debug(…)`, …).
final class LibraryCallNode: RuleNode, @unchecked Sendable {
    /// The function's name.
    let name: String
    /// The arguments.
    let arguments: [RuleNode]

    /// A library call for expression `id`.
    init(id: Int, name: String, arguments: [RuleNode]) {
        self.name = name
        self.arguments = arguments
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let values = try Self.evaluate(arguments, evaluator, frame)
        if name == "debug", values.count == 1, case .symbol = values[0] { return values[0] }
        return .value(try RuleStandardLibrary.callFunction(name, arguments: try Self.concrete(values, function: name)))
    }

    /// Evaluates call arguments left to right, stopping at the first error.
    static func evaluate(
        _ arguments: [RuleNode], _ evaluator: RuleEvaluator, _ frame: RuleFrame
    ) throws(RuleError) -> [RuleTerm] {
        var values: [RuleTerm] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments { values.append(try argument.evaluate(evaluator, frame)) }
        return values
    }

    /// The arguments as concrete values; a symbol cannot be passed to the library.
    static func concrete(_ terms: [RuleTerm], function: String) throws(RuleError) -> [RuleValue] {
        var values: [RuleValue] = []
        values.reserveCapacity(terms.count)
        for term in terms {
            guard case .value(let value) = term else {
                throw RuleError.unsupported(received: "\(function)(\(terms.map(\.typeName).joined(separator: ", ")))")
            }
            values.append(value)
        }
        return values
    }
}

/// `receiver.name(args…)`: a method of the receiver's value (receiver first), or — when the
/// receiver is a bare namespace name (`math`, `timestamp`, …) that no local or wildcard
/// shadows — the namespace's function.
final class MethodCallNode: RuleNode, @unchecked Sendable {
    /// The receiver.
    let receiver: RuleNode
    /// The method's name.
    let name: String
    /// The arguments.
    let arguments: [RuleNode]
    /// The namespace the receiver names (when it is one and no local shadows it), and the
    /// function `namespace.name` a call then means.
    let namespaceCall: (namespace: String, function: String)?

    /// A method call for expression `id`.
    init(id: Int, receiver: RuleNode, name: String, arguments: [RuleNode], namespace: String?) {
        self.receiver = receiver
        self.name = name
        self.arguments = arguments
        self.namespaceCall = namespace.map { ($0, $0 + "." + name) }
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        if let (namespace, function) = namespaceCall, !evaluator.isWildcard(namespace, atScope: frame.scopeIndex) {
            let values = try LibraryCallNode.concrete(
                try LibraryCallNode.evaluate(arguments, evaluator, frame), function: function)
            return .value(try RuleStandardLibrary.callFunction(function, arguments: values))
        }
        let object = try receiver.evaluate(evaluator, frame)
        let values = try LibraryCallNode.evaluate(arguments, evaluator, frame)
        switch object {
        case .value(let value):
            let concreteArguments = try LibraryCallNode.concrete(values, function: "\(value.typeName).\(name)")
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
}
