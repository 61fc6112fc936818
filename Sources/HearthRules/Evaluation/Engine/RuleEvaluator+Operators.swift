/// Unary, binary and ternary operators and `is`, with the error semantics of fact sheet §2.4.
extension RuleEvaluator {
    /// Evaluates a `.unary` node: `!` and `-` on a concrete operand.
    func evaluateUnary(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .unary(let op, let operand) = expression.kind else { throw Self.malformed(expression) }
        let value = try evaluateConcrete(operand, frame, role: op.rawValue)
        return .value(try RuleOperations.unary(op, value))
    }

    /// Evaluates a `.ternary` node: only the selected branch runs.
    func evaluateTernary(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .ternary(let condition, let then, let otherwise) = expression.kind else {
            throw Self.malformed(expression)
        }
        let flag = try RuleLogic.condition(try evaluateConcrete(condition, frame, role: "?"))
        return try evaluate(flag ? then : otherwise, frame)
    }

    /// Evaluates an `.isType` node.
    func evaluateIsType(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .isType(let operand, let type) = expression.kind else { throw Self.malformed(expression) }
        switch try evaluate(operand, frame) {
        case .value(let value): return .value(RuleOperations.isType(value, type))
        case .symbol(let symbol): return try SymbolicOperations.isType(symbol, type)
        }
    }

    /// `&&` / `||` through `RuleLogic`: short-circuit, and absorb an error when the other side decides.
    ///
    /// A left-leaning chain of the same operator (`a || b || c …`, parsed as `((a || b) || c) …`)
    /// is folded in a loop rather than by recursion, so long chains cost no stack; each inner
    /// node of the chain is still charged to the budget and recorded for coverage.
    func evaluateLogic(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .binary(let op, let first, let second) = expression.kind else { throw Self.malformed(expression) }
        if case .binary(op, _, _) = first.kind {} else {
            // One link, the common case: no chain to fold.
            let lhs = { () throws(RuleError) -> RuleValue in try self.evaluateConcrete(first, frame, role: "bool") }
            let rhs = { () throws(RuleError) -> RuleValue in try self.evaluateConcrete(second, frame, role: "bool") }
            return .value(op == .and ? try RuleLogic.and(lhs, rhs) : try RuleLogic.or(lhs, rhs))
        }
        var chain: [Expr] = []
        var node = expression
        while case .binary(op, let left, _) = node.kind {
            chain.append(node)
            node = left
        }
        for _ in chain.dropFirst() { try context.enterExpression() }
        let leftmost = node
        var current = Self.capture { () throws(RuleError) -> RuleValue in
            try self.evaluateConcrete(leftmost, frame, role: "bool")
        }
        for (position, link) in chain.enumerated().reversed() {
            guard case .binary(_, _, let right) = link.kind else { throw Self.malformed(link) }
            let left = current
            let lhs = { () throws(RuleError) -> RuleValue in try left.get() }
            let rhs = { () throws(RuleError) -> RuleValue in try self.evaluateConcrete(right, frame, role: "bool") }
            current = Self.capture { () throws(RuleError) -> RuleValue in
                op == .and ? try RuleLogic.and(lhs, rhs) : try RuleLogic.or(lhs, rhs)
            }
            if position > 0 {
                switch current {
                case .success(let value): context.record(link.id, OutcomeCode.code(of: .value(value)))
                case .failure: context.record(link.id, OutcomeCode.errorCode)
                }
            }
        }
        return .value(try current.get())
    }

    /// The value `body` returns, or its error, as a `Result`.
    private static func capture(_ body: () throws(RuleError) -> RuleValue) -> Result<RuleValue, RuleError> {
        do throws(RuleError) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    /// Any other binary operator: both operands (the collection first for `in`), then the operation.
    func evaluateBinary(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        guard case .binary(let op, let left, let right) = expression.kind else { throw Self.malformed(expression) }
        let lhs: RuleTerm
        let rhs: RuleTerm
        if op == .in {
            rhs = try evaluate(right, frame)
            lhs = try evaluate(left, frame)
        } else {
            lhs = try evaluate(left, frame)
            rhs = try evaluate(right, frame)
        }
        return try Self.apply(op, lhs, rhs)
    }

    /// Applies a non-logical binary operator to evaluated operands (kept out of `evaluateBinary`
    /// so that its temporaries do not sit on the recursion's stack).
    private static func apply(
        _ op: RuleBinaryOperator, _ lhs: RuleTerm, _ rhs: RuleTerm
    ) throws(RuleError) -> RuleTerm {
        if case .value(let a) = lhs, case .value(let b) = rhs {
            return .value(try RuleOperations.binary(op, a, b))
        }
        return try SymbolicOperations.binary(op, lhs, rhs)
    }
}
