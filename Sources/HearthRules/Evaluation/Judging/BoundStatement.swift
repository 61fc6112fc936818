/// An allow statement ready to evaluate: the statement with its lexical scopes, and the value of
/// every wildcard visible at each scope level.
struct BoundStatement: Sendable {
    /// The statement, its bindings and its function scopes, as the match tree produced them.
    let allow: ApplicableAllow
    /// Wildcard values per scope level computed by the caller (list requests); nil when every
    /// wildcard is concrete and read straight from the match bindings.
    private let computed: [[String: RuleTerm]]?

    /// The request's full path when the bindings hold `ApplicableCache` placeholders.
    private let path: [String]?
    /// True when a wildcard named `request` or `resource` shadows the request-wide objects.
    let bindsRootNames: Bool

    /// A statement of a single-document request: every wildcard is concrete, read from the
    /// bindings (placeholders resolved against `path` when given).
    init(concrete allow: ApplicableAllow, path: [String]?) {
        self.allow = allow
        self.computed = nil
        self.path = path
        self.bindsRootNames = allow.bindsRootNames
    }

    /// A statement whose wildcard values were computed by the caller (list requests).
    init(allow: ApplicableAllow, variables: [[String: RuleTerm]]) {
        self.allow = allow
        self.computed = variables
        self.path = nil
        self.bindsRootNames = allow.bindsRootNames
            || variables.contains { $0["request"] != nil || $0["resource"] != nil }
    }

    /// The value of wildcard `name` as seen from scope level `scopeIndex`, if it is bound there.
    func variable(_ name: String, atScope scopeIndex: Int) -> RuleTerm? {
        if let computed {
            return scopeIndex < computed.count ? computed[scopeIndex][name] : nil
        }
        guard scopeIndex < allow.scopes.count, let binding = allow.scopes[scopeIndex].bindings[name] else { return nil }
        guard let path else { return Self.term(of: binding) }
        switch binding {
        case .segment(let text):
            return .value(.string(ApplicableCache.resolve(text, in: path)))
        case .path(let segments):
            return .value(.path(RulePath(segments: segments.map { ApplicableCache.resolve($0, in: path) })))
        }
    }

    /// The value of a wildcard: a string for `{x}`, a path for `{x=**}`.
    static func term(of binding: MatchBinding) -> RuleTerm {
        switch binding {
        case .segment(let text): .value(.string(text))
        case .path(let segments): .value(.path(RulePath(segments: segments)))
        }
    }
}
