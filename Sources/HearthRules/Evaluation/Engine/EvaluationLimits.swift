/// The per-request limits of rules evaluation (fact sheet §4). Exceeding any of them denies the
/// whole request, even when a later allow statement would grant.
public struct RulesEvaluationLimits: Sendable, Equatable {
    /// Most expression nodes evaluated for one request (per disjunct of a `list` query).
    public var maxExpressions: Int
    /// Deepest chain of user-function calls.
    public var maxCallDepth: Int

    /// Firestore's limits: 1,000 expressions, call depth 20.
    public static let firestore = RulesEvaluationLimits(maxExpressions: 1_000, maxCallDepth: 20)

    /// Creates limits.
    public init(maxExpressions: Int, maxCallDepth: Int) {
        self.maxExpressions = maxExpressions
        self.maxCallDepth = maxCallDepth
    }
}
