import HearthCore

/// The state of judging one request: the `request`/`resource` values, the expression budget,
/// the document-access cache and counter, where coverage is counted, and the abort flag a limit sets.
///
/// Used by one thread at a time (one `authorize` call); never shared.
final class EvaluationContext {
    /// What `request` is made of (its members are built on demand).
    private let requestParts: RuleRequest.Parts
    /// `request` as a whole, once some expression used it whole.
    @exclusivity(unchecked) private var builtRequest: RuleValue?
    /// Where `resource` comes from.
    @exclusivity(unchecked) private var resourceSource: ResourceSource
    /// `resource` as a whole, once some expression used it whole.
    @exclusivity(unchecked) private var builtResource: RuleTerm?

    /// Where `resource` comes from: the stored document of a single-document request (nil when
    /// there is none), or (for `list`) the current disjunct's symbol.
    enum ResourceSource {
        /// The stored document, or nil.
        case document(Document?)
        /// A query symbol.
        case term(RuleTerm)
    }

    /// A member of one of the two request-wide objects, resolved when the rules are compiled.
    enum RootMember {
        /// `request.<member>`.
        case request(RuleRequest.Member)
        /// `resource.<member>`.
        case resource(RuleResource.Member)
        /// A name neither object has (reading it is an error, or `null`'s error for no resource).
        case missing(resource: Bool, name: String)

        /// The member `name` of `request` (or of `resource` when `ofResource`).
        init(name: String, ofResource: Bool) {
            if ofResource, let member = RuleResource.Member(rawValue: name) {
                self = .resource(member)
            } else if !ofResource, let member = RuleRequest.Member(rawValue: name) {
                self = .request(member)
            } else {
                self = .missing(resource: ofResource, name: name)
            }
        }

        /// Whether the member is one of `resource`'s.
        var ofResource: Bool {
            switch self {
            case .request: false
            case .resource: true
            case .missing(let resource, _): resource
            }
        }
    }

    /// The database id (`(default)`), which `get()` paths must name.
    let database: String
    /// Reads documents for `get`/`exists`/`getAfter`/`existsAfter`.
    let lookup: any DocumentLookup
    /// How many distinct document-access calls the request may make.
    let accessCallLimit: Int
    /// The expression and call-depth limits.
    let limits: RulesEvaluationLimits
    /// Where outcomes are counted.
    let coverage: CoverageStore
    /// Records each node's outcome when the request's verdict is to be told in full; nil otherwise.
    let tracer: RuleTracer?

    // The mutable state below is touched by every expression node. A class's mutable stored
    // properties normally pay a dynamic exclusivity check on each access, several per node, which
    // dominated evaluation; the context is used by one thread at a time and never hands out
    // overlapping accesses to these, so the checks are turned off for them.

    /// Expression nodes evaluated so far (reset per `list` disjunct).
    @exclusivity(unchecked) private var expressionsEvaluated = 0
    /// Set once a limit is exceeded: every further evaluation fails and the request is denied.
    @exclusivity(unchecked) private(set) var abort: RuleError? {
        didSet { aborted = abort != nil }
    }
    /// Whether `abort` is set (checked before every node without copying the error).
    @exclusivity(unchecked) private var aborted = false
    /// Documents already read, by (after?, path); cached calls do not count against the limit.
    @exclusivity(unchecked) private var accessCache: [DocumentAccessKey: Document?] = [:]
    /// Distinct document-access calls made so far.
    @exclusivity(unchecked) private(set) var accessCalls = 0
    /// How many user-function calls are active.
    @exclusivity(unchecked) var callDepth = 0

    /// Creates the context of one request.
    init(
        request: RuleRequest.Parts, resource: ResourceSource, database: String, lookup: any DocumentLookup,
        accessCallLimit: Int, limits: RulesEvaluationLimits, coverage: CoverageStore, tracer: RuleTracer? = nil
    ) {
        self.coverage = coverage
        self.tracer = tracer
        self.requestParts = request
        self.resourceSource = resource
        self.database = database
        self.lookup = lookup
        self.accessCallLimit = accessCallLimit
        self.limits = limits
    }

    /// `request`, as a whole.
    var request: RuleTerm {
        if let builtRequest { return .value(builtRequest) }
        let value = RuleRequest.value(of: requestParts)
        builtRequest = value
        return .value(value)
    }

    /// `resource`, as a whole.
    var resource: RuleTerm {
        if let builtResource { return builtResource }
        let term: RuleTerm
        switch resourceSource {
        case .document(let document): term = .value(RuleResource.value(of: document, database: database))
        case .term(let given): term = given
        }
        builtResource = term
        return term
    }

    /// Replaces `resource` (each disjunct of a `list` query has its own).
    func setResource(_ term: RuleTerm) {
        resourceSource = .term(term)
        builtResource = nil
    }

    /// `member` built straight from what its object is made of, without building the rest, with
    /// the coverage code the object itself would record; nil when the object is `resource` and
    /// that is a query symbol (which the general member access handles).
    func value(of member: RootMember) -> (rootCode: UInt32, result: Result<RuleValue, RuleError>)? {
        if member.ofResource {
            guard case .document(let document) = resourceSource else { return nil }
            guard let document else { return (OutcomeCode.nullCode, .failure(RuleError.nullValue)) }
            switch member {
            case .resource(let known):
                return (OutcomeCode.mapCode, .success(RuleResource.member(known, of: document, database: database)))
            case .request, .missing:
                break
            }
        } else if case .request(let known) = member, let value = RuleRequest.member(known, of: requestParts) {
            return (OutcomeCode.mapCode, .success(value))
        }
        let name: String
        switch member {
        case .request(let known): name = known.rawValue
        case .resource(let known): name = known.rawValue
        case .missing(_, let missing): name = missing
        }
        return (OutcomeCode.mapCode, .failure(RuleError.undefinedProperty(name)))
    }

    /// Called before each expression node: fails once aborted, and aborts past the budget.
    func enterExpression() throws(RuleError) {
        if aborted, let abort { throw abort }
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
        coverage.record(id, code)
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
