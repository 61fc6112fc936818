/// Evaluates the expressions of one allow statement (and the functions it calls) for one request.
///
/// Every node evaluated counts against the request's budget and is recorded for coverage. The
/// recursion is split into small functions (`evaluate` → `evaluateNode` → one helper per node
/// kind) so that each level of a deep tree costs little stack in debug builds.
final class RuleEvaluator {
    /// The request's shared state.
    let context: EvaluationContext
    /// The statement being evaluated, with its scopes and wildcard values.
    let statement: BoundStatement
    /// How many user-function calls are active.
    var callDepth = 0

    /// Creates an evaluator for `statement`.
    init(context: EvaluationContext, statement: BoundStatement) {
        self.context = context
        self.statement = statement
    }

    /// Evaluates the statement's condition (true when it has none).
    func evaluateCondition() throws(RuleError) -> RuleTerm {
        guard let condition = statement.allow.statement.condition else { return .value(.bool(true)) }
        return try evaluate(condition, .condition)
    }

    /// Evaluates one node: charges the budget, evaluates, records the outcome for coverage.
    func evaluate(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        try context.enterExpression()
        do throws(RuleError) {
            let result = try evaluateNode(expression, frame)
            context.record(expression.id, OutcomeCode.code(of: result))
            return result
        } catch {
            context.record(expression.id, OutcomeCode.errorCode)
            throw error
        }
    }

    /// Evaluates `expression` and requires a concrete value (for positions symbols cannot take).
    func evaluateConcrete(_ expression: Expr, _ frame: EvaluationFrame, role: String) throws(RuleError) -> RuleValue {
        let term = try evaluate(expression, frame)
        guard let value = term.concrete else { throw RuleError.unsupported(received: "\(role)(constraint)") }
        return value
    }

    /// Dispatches on the node kind. Kept free of payload bindings so that its stack frame, which
    /// sits on every level of the recursion, stays small in debug builds.
    private func evaluateNode(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        switch NodeClass(expression.kind) {
        case .leaf: return try evaluateLeaf(expression, frame)
        case .literal: return try evaluateLiteral(expression, frame)
        case .access: return try evaluateAccess(expression, frame)
        case .call: return try evaluateCall(expression, frame)
        case .methodCall: return try evaluateMethodCall(expression, frame)
        case .logic: return try evaluateLogic(expression, frame)
        case .binary: return try evaluateBinary(expression, frame)
        case .unary: return try evaluateUnary(expression, frame)
        case .ternary: return try evaluateTernary(expression, frame)
        case .isType: return try evaluateIsType(expression, frame)
        }
    }

    /// Evaluates a node without sub-expressions: a scalar literal or a name.
    private func evaluateLeaf(_ expression: Expr, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        switch expression.kind {
        case .null: return .null
        case .bool(let flag): return .value(.bool(flag))
        case .int(let number): return .value(.int(number))
        case .float(let number): return .value(.float(number))
        case .string(let text): return .value(.string(text))
        case .bytes(let bytes): return .value(.bytes(bytes))
        case .identifier(let name): return try lookUp(name, frame)
        default: throw Self.malformed(expression)
        }
    }

    /// Resolves a bare name: locals, then wildcards visible at the frame's scope, then the
    /// request-wide `request` and `resource`.
    func lookUp(_ name: String, _ frame: EvaluationFrame) throws(RuleError) -> RuleTerm {
        if let local = frame.locals[name] { return try local.force(with: self) }
        if !statement.bindsRootNames {
            if name == "request" { return context.request }
            if name == "resource" { return context.resource }
        }
        if let wildcard = statement.variable(name, atScope: frame.scopeIndex) { return wildcard }
        switch name {
        case "request": return context.request
        case "resource": return context.resource
        default: throw RuleError.undefinedProperty(name)
        }
    }

    /// Whether `name` is bound as a local or wildcard (so it shadows a namespace like `math`).
    func isBound(_ name: String, _ frame: EvaluationFrame) -> Bool {
        if frame.locals[name] != nil { return true }
        return statement.variable(name, atScope: frame.scopeIndex) != nil
    }

    /// The error raised when the expression tree does not have the shape its kind promised.
    static func malformed(_ expression: Expr) -> RuleError {
        RuleError(.evaluation, "Internal error: unexpected expression at \(expression.range.start).")
    }
}

/// The evaluator's dispatch classes of expression kinds.
private enum NodeClass {
    /// Scalar literals and names.
    case leaf
    /// List, map and path literals.
    case literal
    /// `.name`, `[i]`, `[i:j]`.
    case access
    /// `f(…)`.
    case call
    /// `x.m(…)`.
    case methodCall
    /// `&&`, `||`.
    case logic
    /// Other binary operators.
    case binary
    /// `!`, `-`.
    case unary
    /// `c ? a : b`.
    case ternary
    /// `x is t`.
    case isType

    /// The class of `kind`.
    init(_ kind: ExprKind) {
        switch kind {
        case .null, .bool, .int, .float, .string, .bytes, .identifier: self = .leaf
        case .list, .map, .path: self = .literal
        case .member, .index, .slice: self = .access
        case .call: self = .call
        case .methodCall: self = .methodCall
        case .binary(.and, _, _), .binary(.or, _, _): self = .logic
        case .binary: self = .binary
        case .unary: self = .unary
        case .ternary: self = .ternary
        case .isType: self = .isType
        }
    }
}
