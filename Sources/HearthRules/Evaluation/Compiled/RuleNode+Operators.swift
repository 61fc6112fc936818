/// A binary operator and its two operands. `&&` / `||` go through `RuleLogic`: short-circuit (the
/// right operand is evaluated only when the left one does not decide), and absorb an error when
/// the other side decides. Any other operator evaluates both operands (the collection first for
/// `in`), then the operation.
final class OperatorNode: RuleNode {
    /// The expression's id (coverage counts).
    let id: Int
    /// The operator.
    let op: RuleBinaryOperator
    /// The left operand.
    let left: any RuleNode
    /// The right operand.
    let right: any RuleNode

    /// An operation for expression `id`.
    init(id: Int, op: RuleBinaryOperator, left: any RuleNode, right: any RuleNode) {
        self.id = id
        self.op = op
        self.left = left
        self.right = right
    }

    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        op == .and || op == .or ? try computeLogic(evaluator, frame) : try computeOther(evaluator, frame)
    }

    /// `&&` / `||`.
    private func computeLogic(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        // The operands are written inline so the closures are non-escaping (no allocation for
        // the captured flag, which tells a trace whether the right operand was skipped).
        var rightEvaluated = false
        let value: RuleValue
        if op == .and {
            value = try RuleLogic.and(
                { () throws(RuleError) -> RuleValue in try self.left.evaluateConcrete(evaluator, frame, role: "bool") },
                { () throws(RuleError) -> RuleValue in
                    rightEvaluated = true
                    return try self.right.evaluateConcrete(evaluator, frame, role: "bool")
                })
        } else {
            value = try RuleLogic.or(
                { () throws(RuleError) -> RuleValue in try self.left.evaluateConcrete(evaluator, frame, role: "bool") },
                { () throws(RuleError) -> RuleValue in
                    rightEvaluated = true
                    return try self.right.evaluateConcrete(evaluator, frame, role: "bool")
                })
        }
        if !rightEvaluated, let tracer = evaluator.context.tracer { tracer.skip(right.id) }
        return .value(value)
    }

    /// Any other operator.
    private func computeOther(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let lhs: RuleTerm
        let rhs: RuleTerm
        if op == .in {
            rhs = try right.evaluate(evaluator, frame)
            lhs = try left.evaluate(evaluator, frame)
        } else {
            lhs = try left.evaluate(evaluator, frame)
            rhs = try right.evaluate(evaluator, frame)
        }
        if case .value(let a) = lhs, case .value(let b) = rhs {
            return .value(try RuleOperations.binary(op, a, b))
        }
        return try SymbolicOperations.binary(op, lhs, rhs)
    }
}

/// A left-leaning chain of one logical operator (`a || b || c …`, parsed `((a || b) || c) …`),
/// folded in a loop rather than by recursion, so long chains cost no stack. Each inner link is
/// still charged to the budget and recorded for coverage; the node itself is the outermost link.
final class LogicChainNode: RuleNode {
    /// The expression's id (coverage counts).
    let id: Int
    /// `.and` or `.or`.
    let op: RuleBinaryOperator
    /// The leftmost operand.
    let first: any RuleNode
    /// The inner links, innermost first: each one's expression id and right operand.
    let innerLinks: [(id: Int, right: any RuleNode)]
    /// The outermost link's right operand.
    let last: any RuleNode

    /// A chain for expression `id` (the outermost link).
    init(id: Int, op: RuleBinaryOperator, first: any RuleNode, innerLinks: [(id: Int, right: any RuleNode)], last: any RuleNode) {
        self.op = op
        self.first = first
        self.innerLinks = innerLinks
        self.last = last
        self.id = id
    }

    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let context = evaluator.context
        for _ in innerLinks { try context.enterExpression() }
        var current = Self.capture { () throws(RuleError) -> RuleValue in
            try self.first.evaluateConcrete(evaluator, frame, role: "bool")
        }
        let tracer = context.tracer
        for link in innerLinks {
            if let tracer, decides(current) { tracer.skip(link.right.id) }
            current = combine(current, link.right, evaluator, frame)
            switch current {
            case .success(let value): context.record(link.id, OutcomeCode.code(of: .value(value)))
            case .failure: context.record(link.id, OutcomeCode.errorCode)
            }
        }
        if let tracer, decides(current) { tracer.skip(last.id) }
        return .value(try combine(current, last, evaluator, frame).get())
    }

    /// Whether the result so far decides the chain, so the next operand is not evaluated.
    private func decides(_ current: Result<RuleValue, RuleError>) -> Bool {
        guard case .success(.bool(let flag)) = current else { return false }
        return flag == (op == .or)
    }

    /// One link: the result so far combined with `right`.
    private func combine(
        _ left: Result<RuleValue, RuleError>, _ right: any RuleNode, _ evaluator: RuleEvaluator, _ frame: RuleFrame
    ) -> Result<RuleValue, RuleError> {
        let lhs = { () throws(RuleError) -> RuleValue in try left.get() }
        let rhs = { () throws(RuleError) -> RuleValue in try right.evaluateConcrete(evaluator, frame, role: "bool") }
        return Self.capture { () throws(RuleError) -> RuleValue in
            self.op == .and ? try RuleLogic.and(lhs, rhs) : try RuleLogic.or(lhs, rhs)
        }
    }

    /// The value `body` returns, or its error, as a `Result`.
    private static func capture(_ body: () throws(RuleError) -> RuleValue) -> Result<RuleValue, RuleError> {
        do throws(RuleError) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }
}

/// `!a` and `-a` on a concrete operand.
final class UnaryNode: RuleNode {
    /// The expression's id (coverage counts).
    let id: Int
    /// The operator.
    let op: RuleUnaryOperator
    /// The operand.
    let operand: any RuleNode

    /// A unary operation for expression `id`.
    init(id: Int, op: RuleUnaryOperator, operand: any RuleNode) {
        self.op = op
        self.operand = operand
        self.id = id
    }

    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        .value(try RuleOperations.unary(op, try operand.evaluateConcrete(evaluator, frame, role: op.rawValue)))
    }
}

/// `condition ? then : else`: only the selected branch runs.
final class TernaryNode: RuleNode {
    /// The expression's id (coverage counts).
    let id: Int
    /// The condition.
    let condition: any RuleNode
    /// The branch taken when it holds.
    let then: any RuleNode
    /// The branch taken otherwise.
    let otherwise: any RuleNode

    /// A conditional for expression `id`.
    init(id: Int, condition: any RuleNode, then: any RuleNode, otherwise: any RuleNode) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
        self.id = id
    }

    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let flag = try RuleLogic.condition(try condition.evaluateConcrete(evaluator, frame, role: "?"))
        return try (flag ? then : otherwise).evaluate(evaluator, frame)
    }
}

/// `a is type`.
final class IsTypeNode: RuleNode {
    /// The expression's id (coverage counts).
    let id: Int
    /// The operand.
    let operand: any RuleNode
    /// The type tested.
    let type: RuleTypeName

    /// A type test for expression `id`.
    init(id: Int, operand: any RuleNode, type: RuleTypeName) {
        self.operand = operand
        self.type = type
        self.id = id
    }

    func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        switch try operand.evaluate(evaluator, frame) {
        case .value(let value): return .value(RuleOperations.isType(value, type))
        case .symbol(let symbol): return try SymbolicOperations.isType(symbol, type)
        }
    }
}
