import HearthCore

/// Collects the traced statements of one request being judged and makes its `AccessVerdict`.
/// One per traced request, used by the thread judging it.
final class VerdictRecorder {
    /// The tracer the evaluation context records nodes with.
    let tracer = RuleTracer()
    /// Builds statement verdicts from the tracer's steps.
    let explainer: RulesExplainer
    /// The statements evaluated so far.
    var statements: [AccessStatementVerdict] = []
    /// A verdict not tied to a statement.
    var note: String?

    /// A recorder telling verdicts with `explainer`.
    init(explainer: RulesExplainer) {
        self.explainer = explainer
    }

    /// A statement was evaluated with `outcome`; its trace is in `tracer`.
    func observe(_ statement: BoundStatement, _ outcome: StatementJudge.Outcome) {
        let verdict: AccessStatementVerdict.Outcome
        let message: String?
        switch outcome {
        case .granted:
            verdict = .granted
            message = nil
        case .denied(let entry, let error):
            verdict = error ? .error : .denied
            message = entry
        }
        statements.append(
            explainer.statementVerdict(statement.allow.statement, outcome: verdict, message: message, tracer: tracer))
    }

    /// The verdict of `request`.
    func verdict(for request: AccessRequest, allowed: Bool) -> AccessVerdict {
        let path = request.method == .list
            ? (request.path.parent?.canonicalString ?? request.path.canonicalString)
            : request.path.canonicalString
        return AccessVerdict(
            method: request.method.rawValue, path: path, allowed: allowed, statements: statements, note: note)
    }
}
