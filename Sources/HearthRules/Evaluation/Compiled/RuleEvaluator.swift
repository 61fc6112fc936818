/// Evaluates the compiled condition of one allow statement (and the functions it calls) for one
/// request: what the compiled nodes share while they run (a struct: one per statement judged,
/// and nothing in it changes while it runs; the request's mutable state is in the context).
struct RuleEvaluator {
    /// The request's shared state.
    let context: EvaluationContext
    /// The statement being evaluated, with its scopes and wildcard values.
    let statement: BoundStatement

    /// Creates an evaluator for `statement`.
    init(context: EvaluationContext, statement: BoundStatement) {
        self.context = context
        self.statement = statement
    }

    /// Evaluates the statement's condition (true when it has none) with its compiled program.
    func evaluateCondition(_ programs: RulePrograms) throws(RuleError) -> RuleTerm {
        guard let condition = statement.allow.statement.condition else { return .value(.bool(true)) }
        let program = programs.program(for: condition, scopes: statement.allow.scopes)
        return try program.evaluate(self, .condition)
    }

    /// Resolves a name that is no local: a wildcard visible at `scopeIndex`, or the request-wide
    /// `request` and `resource` (which a wildcard of the same name shadows).
    func lookUpName(_ name: String, atScope scopeIndex: Int) throws(RuleError) -> RuleTerm {
        if !statement.bindsRootNames {
            if name == "request" { return context.request }
            if name == "resource" { return context.resource }
        }
        if let wildcard = statement.variable(name, atScope: scopeIndex) { return wildcard }
        switch name {
        case "request": return context.request
        case "resource": return context.resource
        default: throw RuleError.undefinedProperty(name)
        }
    }

    /// Whether `name` (`request` or `resource`) denotes the request-wide object at `scopeIndex`
    /// rather than a wildcard of the same name.
    func denotesRoot(_ name: String, atScope scopeIndex: Int) -> Bool {
        !statement.bindsRootNames || statement.variable(name, atScope: scopeIndex) == nil
    }

    /// Whether `name` is a wildcard visible at `scopeIndex` (so it shadows a namespace like `math`).
    func isWildcard(_ name: String, atScope scopeIndex: Int) -> Bool {
        statement.variable(name, atScope: scopeIndex) != nil
    }
}
