/// A node with an operator and two operands (`&&`/`||` and the other binary operators).
class OperatorNode: RuleNode, @unchecked Sendable {
    /// The operator.
    let op: RuleBinaryOperator
    /// The left operand.
    let left: RuleNode
    /// The right operand.
    let right: RuleNode

    /// An operation for expression `id`.
    init(id: Int, op: RuleBinaryOperator, left: RuleNode, right: RuleNode) {
        self.op = op
        self.left = left
        self.right = right
        super.init(id: id)
    }
}

/// `&&` / `||` through `RuleLogic`: short-circuit (the right operand is evaluated only when the
/// left one does not decide), and absorb an error when the other side decides.
final class LogicNode: OperatorNode, @unchecked Sendable {
    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
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
}

/// A left-leaning chain of one logical operator (`a || b || c …`, parsed `((a || b) || c) …`),
/// folded in a loop rather than by recursion, so long chains cost no stack. Each inner link is
/// still charged to the budget and recorded for coverage; the node itself is the outermost link.
final class LogicChainNode: RuleNode, @unchecked Sendable {
    /// `.and` or `.or`.
    let op: RuleBinaryOperator
    /// The leftmost operand.
    let first: RuleNode
    /// The inner links, innermost first: each one's expression id and right operand.
    let innerLinks: [(id: Int, right: RuleNode)]
    /// The outermost link's right operand.
    let last: RuleNode

    /// A chain for expression `id` (the outermost link).
    init(id: Int, op: RuleBinaryOperator, first: RuleNode, innerLinks: [(id: Int, right: RuleNode)], last: RuleNode) {
        self.op = op
        self.first = first
        self.innerLinks = innerLinks
        self.last = last
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
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
        _ left: Result<RuleValue, RuleError>, _ right: RuleNode, _ evaluator: RuleEvaluator, _ frame: RuleFrame
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

/// Any other binary operator: both operands (the collection first for `in`), then the operation.
final class BinaryNode: OperatorNode, @unchecked Sendable {
    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
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

/// `!a` and `-a` on a concrete operand.
final class UnaryNode: RuleNode, @unchecked Sendable {
    /// The operator.
    let op: RuleUnaryOperator
    /// The operand.
    let operand: RuleNode

    /// A unary operation for expression `id`.
    init(id: Int, op: RuleUnaryOperator, operand: RuleNode) {
        self.op = op
        self.operand = operand
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        .value(try RuleOperations.unary(op, try operand.evaluateConcrete(evaluator, frame, role: op.rawValue)))
    }
}

/// `condition ? then : else`: only the selected branch runs.
final class TernaryNode: RuleNode, @unchecked Sendable {
    /// The condition.
    let condition: RuleNode
    /// The branch taken when it holds.
    let then: RuleNode
    /// The branch taken otherwise.
    let otherwise: RuleNode

    /// A conditional for expression `id`.
    init(id: Int, condition: RuleNode, then: RuleNode, otherwise: RuleNode) {
        self.condition = condition
        self.then = then
        self.otherwise = otherwise
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        let flag = try RuleLogic.condition(try condition.evaluateConcrete(evaluator, frame, role: "?"))
        return try (flag ? then : otherwise).evaluate(evaluator, frame)
    }
}

/// `a is type`.
final class IsTypeNode: RuleNode, @unchecked Sendable {
    /// The operand.
    let operand: RuleNode
    /// The type tested.
    let type: RuleTypeName

    /// A type test for expression `id`.
    init(id: Int, operand: RuleNode, type: RuleTypeName) {
        self.operand = operand
        self.type = type
        super.init(id: id)
    }

    override func compute(_ evaluator: RuleEvaluator, _ frame: RuleFrame) throws(RuleError) -> RuleTerm {
        switch try operand.evaluate(evaluator, frame) {
        case .value(let value): return .value(RuleOperations.isType(value, type))
        case .symbol(let symbol): return try SymbolicOperations.isType(symbol, type)
        }
    }
}
