/// Where code runs: the lexical scope level its declaration sits in (for wildcards and function
/// lookup) and its local names (function parameters and `let` bindings).
struct EvaluationFrame {
    /// The index into `ApplicableAllow.scopes` of the block declaring the running code.
    let scopeIndex: Int
    /// Parameters and `let`s by name, evaluated on first use.
    let locals: LocalNames

    /// The frame of an allow condition: the statement's own block, no locals.
    static var condition: EvaluationFrame { EvaluationFrame(scopeIndex: 0, locals: LocalNames()) }
}

/// A function's parameters and `let`s: a handful of names, searched linearly (short names compare
/// faster than they hash), the latest binding of a name winning.
struct LocalNames {
    private var names: [String] = []
    private var terms: [LazyTerm] = []

    /// No names.
    init() {}

    /// The term bound to `name`, if any.
    subscript(name: String) -> LazyTerm? {
        var index = names.count - 1
        while index >= 0 {
            if names[index] == name { return terms[index] }
            index -= 1
        }
        return nil
    }

    /// Binds `name` (shadowing an earlier binding of it).
    mutating func bind(_ name: String, to term: LazyTerm) {
        if names.isEmpty {
            names.reserveCapacity(4)
            terms.reserveCapacity(4)
        }
        names.append(name)
        terms.append(term)
    }
}

/// A by-need value (fact sheet §1.4): an argument or `let` is evaluated the first time it is
/// used, at most once, so an argument that would fail only matters if the body reads it.
final class LazyTerm {
    /// Pending work, or the memoised result.
    private enum State {
        /// Not evaluated yet: the expression and the frame it was written in.
        case pending(Expr, EvaluationFrame)
        /// Evaluated: the value or the error.
        case done(Result<RuleTerm, RuleError>)
        /// Being evaluated right now (a self-reference cannot occur; guarded anyway).
        case running
    }

    /// The current state.
    private var state: State

    /// A deferred evaluation of `expression` in `frame`.
    init(_ expression: Expr, in frame: EvaluationFrame) {
        state = .pending(expression, frame)
    }

    /// The value, evaluating it with `evaluator` the first time.
    func force(with evaluator: RuleEvaluator) throws(RuleError) -> RuleTerm {
        switch state {
        case .done(let result):
            return try result.get()
        case .running:
            throw RuleError(.evaluation, "A binding refers to itself.")
        case .pending(let expression, let frame):
            state = .running
            let result: Result<RuleTerm, RuleError>
            do throws(RuleError) {
                result = .success(try evaluator.evaluate(expression, frame))
            } catch {
                result = .failure(error)
            }
            state = .done(result)
            return try result.get()
        }
    }
}
