/// Every allow condition of a rules file, compiled once when the file is loaded.
struct RulePrograms: Sendable {
    /// Compiled conditions by the id of their expression.
    private let conditions: [Int: RuleNode]

    /// Compiles every condition of `file`, each in the lexical scopes of its block.
    init(file: RulesFile) {
        let compiler = RuleCompiler()
        var conditions: [Int: RuleNode] = [:]
        func visit(_ blocks: [MatchBlock], outer: [FunctionScope]) {
            for block in blocks {
                let chain = [FunctionScope(functions: block.functionTable, bindings: [:])] + outer
                for case let condition? in block.allows.map(\.condition) {
                    conditions[condition.id] = compiler.compileCondition(condition, scopes: chain[...])
                }
                visit(block.matches, outer: chain)
            }
        }
        visit(file.matches, outer: file.outerScopes)
        self.conditions = conditions
    }

    /// The compiled `condition`; compiled now, in `scopes`, if the file did not hold it.
    func program(for condition: Expr, scopes: [FunctionScope]) -> RuleNode {
        conditions[condition.id] ?? RuleCompiler().compileCondition(condition, scopes: scopes[...])
    }
}
