import HearthCore

/// Judges one request against a parsed rules file: collects the applicable statements, builds
/// `request` and `resource`, and evaluates — once for single-document requests, once per
/// disjunct of the query for `list` (every disjunct must be allowed).
struct RequestJudge {
    /// The parsed rules.
    let file: RulesFile
    /// The file's compiled conditions.
    let programs: RulePrograms
    /// The evaluation limits.
    let limits: RulesEvaluationLimits
    /// Applicable statements per path shape.
    let applicable: ApplicableCache
    /// The last caller's `request.auth`.
    let auth: AuthValueCache
    /// Where evaluation outcomes are counted.
    let coverage: CoverageStore
    /// Tells traced verdicts (requests carrying an `AccessVerdictLog`).
    let explainer: RulesExplainer

    /// The decision for `request` (its evaluation's outcomes are counted in `coverage`). When the
    /// request carries a verdict log, the evaluation is traced and its verdict recorded there.
    func judge(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
        if case .admin = request.auth { return .allow }
        let tracing = request.verdictLog.map { _ in VerdictRecorder(explainer: explainer) }
        let database = request.database.database
        let context = EvaluationContext(
            request: requestParts(request), resource: .document(request.resource),
            database: database, lookup: lookup, accessCallLimit: request.accessCallLimit, limits: limits,
            coverage: coverage, tracer: tracing?.tracer)
        let decision = request.method == .list
            ? judgeList(request, context: context, recorder: tracing)
            : judgeDocument(request, context: context, recorder: tracing)
        if let tracing, let log = request.verdictLog {
            log.append(tracing.verdict(for: request, allowed: decision.isAllowed))
        }
        return decision
    }

    /// A single-document request: the real `resource`, the statements matching its path.
    private func judgeDocument(
        _ request: AccessRequest, context: EvaluationContext, recorder: VerdictRecorder?
    ) -> AccessDecision {
        let observe = recorder.map { recorder in { recorder.observe($0, $1) } }
        let method = RulesRequestMethod(request.method)
        var fullPath: [String] = []
        fullPath.reserveCapacity(3 + request.path.segments.count)
        fullPath.append("databases")
        fullPath.append(request.database.database)
        fullPath.append("documents")
        fullPath += request.path.segments
        let verdict: StatementVerdict
        if let shaped = applicable.allows(in: file, fullPath: fullPath, method: method) {
            let statements = shaped.lazy.map { BoundStatement(concrete: $0, path: fullPath) }
            verdict = StatementJudge.judge(
                statements, method: method.rawValue, context: context, programs: programs, observe: observe)
        } else {
            let statements = file.applicableAllows(forDocumentPath: fullPath, method: method)
                .map { BoundStatement(concrete: $0, path: nil) }
            verdict = StatementJudge.judge(
                statements, method: method.rawValue, context: context, programs: programs, observe: observe)
        }
        if statementsEmpty(verdict) { recorder?.note = DenialDetail.noMatchingStatements }
        return verdict.granted ? .allow : .deny(detail: DenialDetail.text(verdict.entries))
    }

    /// A `list` request: judged from the query's constraints, one disjunct at a time.
    private func judgeList(
        _ request: AccessRequest, context: EvaluationContext, recorder: VerdictRecorder?
    ) -> AccessDecision {
        let statements = ListStatementCollector(file: file, target: ListTarget(request: request), method: .list)
            .statements()
        guard !statements.isEmpty else {
            recorder?.note = DenialDetail.noMatchingStatements
            return .deny(detail: DenialDetail.text([DenialDetail.noMatchingStatements]))
        }
        guard let disjuncts = QueryDisjunction.disjuncts(of: request.query?.filter) else {
            let message = "Query too complex for rules: more than \(QueryDisjunction.maxDisjuncts) disjunctions."
            recorder?.note = message
            return .deny(detail: DenialDetail.text([message]))
        }
        let observe = recorder.map { recorder in { recorder.observe($0, $1) } }
        for conjunction in disjuncts {
            // A traced verdict tells the disjunct that decided: the failing one, or the last.
            recorder?.statements.removeAll()
            context.setResource(ConstrainedResource.term(for: conjunction))
            context.resetBudget()
            let verdict = StatementJudge.judge(
                statements, method: "list", context: context, programs: programs, observe: observe)
            if !verdict.granted { return .deny(detail: DenialDetail.text(verdict.entries)) }
        }
        return .allow
    }

    /// Whether a verdict is the one for no applicable statement.
    private func statementsEmpty(_ verdict: StatementVerdict) -> Bool {
        !verdict.granted && verdict.entries == [DenialDetail.noMatchingStatements]
    }

    /// What the `request` object of an access request is made of.
    private func requestParts(_ request: AccessRequest) -> RuleRequest.Parts {
        let incoming: RuleRequest.Incoming
        switch request.method {
        case .get, .list: incoming = .absent
        case .delete: incoming = .null
        case .create, .update: incoming = request.incoming.map(RuleRequest.Incoming.document) ?? .null
        }
        return RuleRequest.Parts(
            database: request.database.database, method: request.method.rawValue, path: request.path,
            time: request.time, auth: auth.value(for: request.auth), query: queryValue(request),
            incoming: incoming, writeFields: request.writeFields?.map(\.canonicalString))
    }

    /// `request.query` for a `list` request: its limit, offset and explicit orders.
    private func queryValue(_ request: AccessRequest) -> RuleRequest.Query? {
        guard request.method == .list else { return nil }
        guard let query = request.query else { return RuleRequest.Query() }
        return RuleRequest.Query(
            limit: query.limit.map(Int64.init), offset: query.offset == 0 ? nil : Int64(query.offset),
            orderBy: query.orderBy.map { order in
                RuleRequest.Order(field: order.field.canonicalString, descending: order.descending)
            })
    }
}

extension RulesRequestMethod {
    /// The rules method of a core access request's method.
    init(_ method: AccessRequest.Method) {
        switch method {
        case .get: self = .get
        case .list: self = .list
        case .create: self = .create
        case .update: self = .update
        case .delete: self = .delete
        }
    }
}
