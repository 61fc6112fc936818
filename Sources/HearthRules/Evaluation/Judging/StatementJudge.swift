/// The outcome of evaluating a request's applicable statements against one `resource`.
struct StatementVerdict: Sendable, Equatable {
    /// True when some statement granted.
    var granted: Bool
    /// One denial entry per statement evaluated before the verdict (empty when granted early).
    var entries: [String]
    /// True when a limit was exceeded: the request is denied whatever else holds.
    var aborted: Bool
}

/// Evaluates allow statements in order until one grants (fact sheet §2.2).
enum StatementJudge {
    /// Judges `statements` for `method`; an empty list denies with "No matching allow statements".
    static func judge(
        _ statements: some Collection<BoundStatement>, method: String, context: EvaluationContext,
        programs: RulePrograms
    ) -> StatementVerdict {
        guard !statements.isEmpty else {
            return StatementVerdict(granted: false, entries: [DenialDetail.noMatchingStatements], aborted: false)
        }
        var entries: [String] = []
        for statement in statements {
            let line = statement.allow.statement.range.start.line
            let evaluator = RuleEvaluator(context: context, statement: statement)
            do throws(RuleError) {
                let result = try evaluator.evaluateCondition(programs)
                if context.abort == nil {
                    if case .value(.bool(true)) = result {
                        return StatementVerdict(granted: true, entries: entries, aborted: false)
                    }
                    entries.append(entry(for: result, method: method, line: line))
                }
            } catch {
                if context.abort == nil {
                    entries.append(DenialDetail.errorEntry(error.message, method: method, line: line))
                }
            }
            if let abort = context.abort {
                entries.append(DenialDetail.errorEntry(abort.message, method: method, line: line))
                return StatementVerdict(granted: false, entries: entries, aborted: true)
            }
        }
        return StatementVerdict(granted: false, entries: entries, aborted: false)
    }

    /// The denial entry for a condition that did not give `true`.
    private static func entry(for result: RuleTerm, method: String, line: Int) -> String {
        if case .value(.bool(false)) = result { return DenialDetail.falseEntry(method: method, line: line) }
        let message = "Unsupported operation error. Received: \(result.typeName). Expected: bool."
        return DenialDetail.errorEntry(message, method: method, line: line)
    }
}
