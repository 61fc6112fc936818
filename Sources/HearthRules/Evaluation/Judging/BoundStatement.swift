/// An allow statement ready to evaluate: the statement with its lexical scopes, and the value of
/// every wildcard visible at each scope level (`variables[i]` belongs to `allow.scopes[i]`).
struct BoundStatement: Sendable {
    /// The statement, its bindings and its function scopes, as the match tree produced them.
    let allow: ApplicableAllow
    /// Wildcard values per scope level, innermost first; service and file levels are empty.
    let variables: [[String: RuleTerm]]

    /// A statement of a single-document request: every wildcard is concrete.
    init(concrete allow: ApplicableAllow) {
        self.allow = allow
        self.variables = allow.scopes.map { scope in scope.bindings.mapValues(BoundStatement.term(of:)) }
    }

    /// A statement whose wildcard values were computed by the caller (list requests).
    init(allow: ApplicableAllow, variables: [[String: RuleTerm]]) {
        self.allow = allow
        self.variables = variables
    }

    /// The value of a wildcard: a string for `{x}`, a path for `{x=**}`.
    static func term(of binding: MatchBinding) -> RuleTerm {
        switch binding {
        case .segment(let text): .value(.string(text))
        case .path(let segments): .value(.path(RulePath(segments: segments)))
        }
    }
}
