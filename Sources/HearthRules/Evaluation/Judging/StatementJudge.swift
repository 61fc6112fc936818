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
    /// What happened to one statement: it granted, or its denial entry (and whether it failed).
    enum Outcome {
        /// The condition held.
        case granted
        /// The condition was false or not a boolean: the entry, and whether it was an error.
        case denied(entry: String, error: Bool)
    }

    /// Judges `statements` for `method`; an empty list denies with "No matching allow statements".
    /// `observe` is called after each statement evaluated (traced requests only).
    static func judge(
        _ statements: some Collection<BoundStatement>, method: String, context: EvaluationContext,
        programs: RulePrograms, observe: ((BoundStatement, Outcome) -> Void)? = nil
    ) -> StatementVerdict {
        guard !statements.isEmpty else {
            return StatementVerdict(granted: false, entries: [DenialDetail.noMatchingStatements], aborted: false)
        }
        var entries: [String] = []
        for statement in statements {
            context.tracer?.reset()
            let line = statement.allow.statement.range.start.line
            let evaluator = RuleEvaluator(context: context, statement: statement)
            var outcome: Outcome?
            do throws(RuleError) {
                let result = try evaluator.evaluateCondition(programs)
                if context.abort == nil {
                    if case .value(.bool(true)) = result {
                        observe?(statement, .granted)
                        return StatementVerdict(granted: true, entries: entries, aborted: false)
                    }
                    outcome = .denied(entry: entry(for: result, method: method, line: line), error: !isFalse(result))
                }
            } catch {
                if context.abort == nil {
                    outcome = .denied(entry: DenialDetail.errorEntry(error.message, method: method, line: line), error: true)
                }
            }
            if let abort = context.abort {
                let entry = DenialDetail.errorEntry(abort.message, method: method, line: line)
                observe?(statement, .denied(entry: entry, error: true))
                entries.append(entry)
                return StatementVerdict(granted: false, entries: entries, aborted: true)
            }
            if case .denied(let entry, _)? = outcome {
                entries.append(entry)
                if let outcome { observe?(statement, outcome) }
            }
        }
        return StatementVerdict(granted: false, entries: entries, aborted: false)
    }

    /// Whether a condition gave exactly `false`.
    private static func isFalse(_ result: RuleTerm) -> Bool {
        if case .value(.bool(false)) = result { return true }
        return false
    }

    /// The denial entry for a condition that did not give `true`.
    private static func entry(for result: RuleTerm, method: String, line: Int) -> String {
        if case .value(.bool(false)) = result { return DenialDetail.falseEntry(method: method, line: line) }
        let message = "Unsupported operation error. Received: \(result.typeName). Expected: bool."
        return DenialDetail.errorEntry(message, method: method, line: line)
    }
}
