/// Where compiled code runs: the lexical scope level its declaration sits in (for wildcards) and
/// its local names (function parameters and `let` bindings), by the slots the compiler assigned.
struct RuleFrame {
    /// The index into `ApplicableAllow.scopes` of the block declaring the running code.
    let scopeIndex: Int
    /// Parameters, then `let`s, in declaration order; evaluated on first use.
    let locals: RuleLocals

    /// The frame of an allow condition: the statement's own block, no locals.
    static var condition: RuleFrame { RuleFrame(scopeIndex: 0, locals: .none) }
}

/// The local values of a function call by slot: most functions take one or two, which are kept
/// inline rather than in an array allocated per call.
enum RuleLocals {
    /// No locals.
    case none
    /// One local.
    case one(LazyTerm)
    /// Two locals.
    case two(LazyTerm, LazyTerm)
    /// Three or more.
    case many([LazyTerm])

    /// The local at `slot`, if there is one.
    subscript(slot: Int) -> LazyTerm? {
        switch self {
        case .none: nil
        case .one(let first): slot == 0 ? first : nil
        case .two(let first, let second): slot == 0 ? first : slot == 1 ? second : nil
        case .many(let terms): slot >= 0 && slot < terms.count ? terms[slot] : nil
        }
    }

    /// These locals and `term` in the next slot.
    func appending(_ term: LazyTerm) -> RuleLocals {
        switch self {
        case .none: .one(term)
        case .one(let first): .two(first, term)
        case .two(let first, let second): .many([first, second, term])
        case .many(let terms): .many(terms + [term])
        }
    }
}

/// A by-need value (fact sheet §1.4): an argument or `let` is evaluated the first time it is
/// used, at most once, so an argument that would fail only matters if the body reads it.
final class LazyTerm {
    /// Pending work, or the memoised result.
    private enum State {
        /// Not evaluated yet: the expression and the frame it was written in.
        case pending(RuleNode, RuleFrame)
        /// Evaluated: the value or the error.
        case done(Result<RuleTerm, RuleError>)
        /// Being evaluated right now (a self-reference cannot occur; guarded anyway).
        case running
    }

    /// The current state (read by copy and then replaced, never accessed overlapping, so the
    /// dynamic exclusivity check is turned off).
    @exclusivity(unchecked) private var state: State

    /// A deferred evaluation of `node` in `frame`.
    init(_ node: RuleNode, in frame: RuleFrame) {
        state = .pending(node, frame)
    }

    /// The value, evaluating it with `evaluator` the first time.
    func force(with evaluator: RuleEvaluator) throws(RuleError) -> RuleTerm {
        switch state {
        case .done(let result):
            return try result.get()
        case .running:
            throw RuleError(.evaluation, "A binding refers to itself.")
        case .pending(let node, let frame):
            state = .running
            let result: Result<RuleTerm, RuleError>
            do throws(RuleError) {
                result = .success(try node.evaluate(evaluator, frame))
            } catch {
                result = .failure(error)
            }
            state = .done(result)
            return try result.get()
        }
    }
}
