import HearthCore

/// The state of judging one request: the `request`/`resource` values, the expression budget,
/// the document-access cache and counter, coverage counts, and the abort flag a limit sets.
///
/// Used by one thread at a time (one `authorize` call); never shared.
final class EvaluationContext {
    /// `request`.
    let request: RuleTerm
    /// `resource`: the stored document, `null`, or (for `list`) the current disjunct's symbol.
    var resource: RuleTerm
    /// The database id (`(default)`), which `get()` paths must name.
    let database: String
    /// Reads documents for `get`/`exists`/`getAfter`/`existsAfter`.
    let lookup: any DocumentLookup
    /// How many distinct document-access calls the request may make.
    let accessCallLimit: Int
    /// The expression and call-depth limits.
    let limits: RulesEvaluationLimits

    /// Expression nodes evaluated so far (reset per `list` disjunct).
    private(set) var expressionsEvaluated = 0
    /// Set once a limit is exceeded: every further evaluation fails and the request is denied.
    private(set) var abort: RuleError?
    /// Documents already read, by (after?, path); cached calls do not count against the limit.
    private var accessCache: [DocumentAccessKey: Document?] = [:]
    /// Distinct document-access calls made so far.
    private(set) var accessCalls = 0
    /// Outcome events (`OutcomeCode.event`), merged into the policy's coverage when the request ends.
    private(set) var coverage: [UInt64] = []

    /// Creates the context of one request.
    init(
        request: RuleTerm, resource: RuleTerm, database: String, lookup: any DocumentLookup, accessCallLimit: Int,
        limits: RulesEvaluationLimits
    ) {
        self.request = request
        self.resource = resource
        self.database = database
        self.lookup = lookup
        self.accessCallLimit = accessCallLimit
        self.limits = limits
    }

    /// Called before each expression node: fails once aborted, and aborts past the budget.
    func enterExpression() throws(RuleError) {
        if let abort { throw abort }
        expressionsEvaluated += 1
        if expressionsEvaluated > limits.maxExpressions {
            throw abortRequest(EvaluationLimitError.expressions(limits.maxExpressions))
        }
    }

    /// Marks the request as denied by a limit and returns the error to throw.
    func abortRequest(_ error: RuleError) -> RuleError {
        if let abort { return abort }
        abort = error
        return error
    }

    /// Starts a fresh expression budget (each disjunct of a `list` query gets its own).
    func resetBudget() {
        expressionsEvaluated = 0
    }

    /// Records what expression `id` evaluated to (`OutcomeCode`).
    func record(_ id: Int, _ code: UInt32) {
        if coverage.isEmpty { coverage.reserveCapacity(32) }
        coverage.append(OutcomeCode.event(id, code))
    }

    /// The document at `path` before (or after) the request, reading it at most once.
    /// - Throws: the access-limit error (aborting the request) or a service-call error.
    func document(at path: ResourcePath, after: Bool, function: String) throws(RuleError) -> Document? {
        let key = DocumentAccessKey(after: after, path: path)
        if let cached = accessCache[key] { return cached }
        if let abort { throw abort }
        accessCalls += 1
        if accessCalls > accessCallLimit {
            throw abortRequest(EvaluationLimitError.accessCalls(accessCallLimit))
        }
        let document: Document?
        do {
            document = after ? try lookup.documentAfter(at: path) : try lookup.document(at: path)
        } catch {
            throw RuleError(
                .evaluation, "Service call error. Function: [\(function)], Argument: [/\(path.canonicalString)].")
        }
        accessCache[key] = .some(document)
        return document
    }
}

/// A document-access cache key: which state was read, and where.
struct DocumentAccessKey: Hashable {
    /// True for `getAfter`/`existsAfter`.
    let after: Bool
    /// The document path relative to the database.
    let path: ResourcePath
}

/// The texts of the errors that end a request because a limit was exceeded.
enum EvaluationLimitError {
    /// Too many expressions evaluated.
    static func expressions(_ limit: Int) -> RuleError {
        RuleError(.evaluation, "Evaluation limit exceeded: more than \(limit) expressions evaluated.")
    }

    /// Too many distinct `get`/`exists`/`getAfter`/`existsAfter` calls.
    static func accessCalls(_ limit: Int) -> RuleError {
        RuleError(.evaluation, "Evaluation limit exceeded: more than \(limit) document access calls.")
    }

    /// User-function calls nested too deeply.
    static func callDepth(_ limit: Int) -> RuleError {
        RuleError(.evaluation, "Evaluation limit exceeded: function call depth over \(limit).")
    }
}
