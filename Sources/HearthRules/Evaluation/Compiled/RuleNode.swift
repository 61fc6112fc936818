/// A compiled expression: the tree `RuleCompiler` builds once per rules file from the parsed
/// `Expr`s, with locals resolved to slots and calls to their functions, evaluated by virtual
/// dispatch instead of re-examining the syntax tree on every request.
///
/// Evaluating a node charges the request's budget and records its outcome for coverage, as the
/// language's evaluation of that expression would. Nodes are never changed once compiled (a
/// function's body is filled in during compilation only), so sharing them across threads is safe.
class RuleNode: @unchecked Sendable {
    /// The expression's id (coverage counts).
    let id: Int

    /// A node for expression `id`.
    init(id: Int) {
        self.id = id
    }

    /// Evaluates the node: charges the budget, computes, records the outcome.
    final func evaluate(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let context = evaluator.context
        try context.enterExpression()
        if let tracer = context.tracer { return try evaluateTraced(evaluator, frame, tracer) }
        do throws(RuleError) {
            let result = try compute(evaluator, frame)
            context.record(id, OutcomeCode.code(of: result))
            return result
        } catch {
            context.record(id, OutcomeCode.errorCode)
            throw error
        }
    }

    /// `evaluate` for a request being traced: the same, and the outcome goes to `tracer` too.
    private final func evaluateTraced(
        _ evaluator: RuleEvaluator, _ frame: RuleFrame, _ tracer: RuleTracer
    ) throws(RuleError) -> RuleTerm {
        let step = tracer.begin(id)
        do throws(RuleError) {
            let result = try compute(evaluator, frame)
            evaluator.context.record(id, OutcomeCode.code(of: result))
            tracer.end(step, .value(result))
            return result
        } catch {
            evaluator.context.record(id, OutcomeCode.errorCode)
            tracer.end(step, .error(error))
            throw error
        }
    }

    /// Evaluates the node and requires a concrete value (for positions a query symbol cannot take).
    final func evaluateConcrete(
        _ evaluator: RuleEvaluator, _ frame: RuleFrame, role: String
    ) throws(RuleError) -> RuleValue {
        guard case .value(let value) = try evaluate(evaluator, frame) else {
            throw RuleError.unsupported(received: "\(role)(constraint)")
        }
        return value
    }

    /// The node's own work; every kind of node overrides it.
    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        throw RuleError(.evaluation, "Internal error: expression \(id) has no evaluation.")
    }
}

/// A scalar literal.
final class ConstantNode: RuleNode, @unchecked Sendable {
    /// The literal's value.
    let term: RuleTerm

    /// A node for expression `id` always giving `term`.
    init(id: Int, term: RuleTerm) {
        self.term = term
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        term
    }
}

/// A node that fails when evaluated: a call of an unknown function, or with the wrong arity
/// (the language reports these only when the call is reached).
final class FailingNode: RuleNode, @unchecked Sendable {
    /// The error raised.
    let error: RuleError

    /// A node for expression `id` raising `error`.
    init(id: Int, error: RuleError) {
        self.error = error
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        throw error
    }
}

/// A parameter or `let` of the enclosing function, by the slot the compiler gave it.
final class LocalNode: RuleNode, @unchecked Sendable {
    /// The index into `RuleFrame.locals`.
    let slot: Int

    /// A node for expression `id` reading local `slot`.
    init(id: Int, slot: Int) {
        self.slot = slot
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        guard let local = frame.locals[slot] else {
            throw RuleError(.evaluation, "Internal error: local \(slot) of expression \(id) is unbound.")
        }
        return try local.force(with: evaluator)
    }
}

/// A name that is no local: a wildcard, `request` or `resource` (resolved per request, since
/// a wildcard named `request` shadows the request object only where its pattern binds it).
final class NameNode: RuleNode, @unchecked Sendable {
    /// The name.
    let name: String

    /// A node for expression `id` resolving `name`.
    init(id: Int, name: String) {
        self.name = name
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        try evaluator.lookUpName(name, atScope: frame.scopeIndex)
    }
}
