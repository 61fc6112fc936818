/// Records how one allow condition evaluates, node by node, for a request whose verdict is to be
/// told in full (`AccessRequest.verdictLog`). Only such requests have a tracer: ordinary evaluation
/// pays one nil check per node and nothing else.
///
/// Steps are kept in evaluation order (pre-order: a node before its operands) with their depth,
/// at most `maxSteps` per statement; the values are kept as terms and rendered to text only when
/// the verdict is built. Used by one thread at a time, like the evaluation context holding it.
final class RuleTracer {
    /// What became of one traced node.
    enum Outcome {
        /// Still being evaluated.
        case pending
        /// Gave a value.
        case value(RuleTerm)
        /// Failed.
        case error(RuleError)
        /// Not evaluated: `&&`/`||` decided without it.
        case skipped
    }

    /// One traced node.
    struct Step {
        /// Nesting depth (0 for the condition).
        let depth: Int
        /// The expression's id.
        let id: Int
        /// What it gave.
        var outcome: Outcome
    }

    /// Most steps kept per statement.
    let maxSteps: Int
    /// The steps of the statement being evaluated.
    private(set) var steps: [Step] = []
    /// True when steps were left out at the bound.
    private(set) var truncated = false
    /// Depth of the next node begun.
    private var depth = 0

    /// A tracer keeping at most `maxSteps` steps per statement.
    init(maxSteps: Int = 200) {
        self.maxSteps = maxSteps
    }

    /// Starts a statement: forgets the previous one's steps.
    func reset() {
        steps.removeAll(keepingCapacity: true)
        truncated = false
        depth = 0
    }

    /// A node starts evaluating; returns its step's index, or nil when over the bound.
    func begin(_ id: Int) -> Int? {
        defer { depth += 1 }
        guard steps.count < maxSteps else {
            truncated = true
            return nil
        }
        steps.append(Step(depth: depth, id: id, outcome: .pending))
        return steps.count - 1
    }

    /// The node begun at `index` finished with `outcome`.
    func end(_ index: Int?, _ outcome: Outcome) {
        depth -= 1
        if let index { steps[index].outcome = outcome }
    }

    /// Operand `id` of the node being evaluated was not evaluated.
    func skip(_ id: Int) {
        guard steps.count < maxSteps else {
            truncated = true
            return
        }
        steps.append(Step(depth: depth, id: id, outcome: .skipped))
    }
}
