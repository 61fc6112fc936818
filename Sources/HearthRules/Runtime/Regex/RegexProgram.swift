/// A compiled regular expression: instructions for the Pike VM (`RegexMachine`).
struct RegexProgram: Sendable {
    /// One VM instruction.
    enum Instruction: Sendable {
        /// Consume one character equal to any of `scalars` (one, or all its cases under `i`).
        case scalar([Unicode.Scalar])
        /// Consume any character (a newline only when `matchesNewline`).
        case anyScalar(matchesNewline: Bool)
        /// Consume one character of `classes[index]`.
        case characterClass(Int, caseInsensitive: Bool)
        /// Continue at both targets; the first has priority.
        case split(Int, Int)
        /// Continue at the target.
        case jump(Int)
        /// Record the current position in capture slot `slot`.
        case save(Int)
        /// Continue only if the assertion holds here.
        case assert(RegexAssertion)
        /// A match.
        case match
    }

    /// The most instructions a program may have (bounds memory and time per character).
    static let maxInstructions = 20_000

    /// The instructions; execution starts at 0.
    private(set) var instructions: [Instruction] = []
    /// The character classes referenced by `.characterClass`.
    private(set) var classes: [RegexCharacterClass] = []
    /// Capture slots: two per group, group 0 being the whole match.
    let slotCount: Int

    /// Compiles `node` (with `captureCount` groups) into `save 0; node; save 1; match`.
    init(_ node: RegexNode, captureCount: Int, pattern: String) throws(RuleError) {
        slotCount = 2 * (captureCount + 1)
        guard RegexProgram.estimatedSize(node) <= RegexProgram.maxInstructions else {
            throw RuleError.invalidRegex(pattern, "pattern too large.")
        }
        emit(.save(0))
        compile(node)
        emit(.save(1))
        emit(.match)
    }

    /// An upper bound of the instructions `node` compiles to, saturating above the limit.
    private static func estimatedSize(_ node: RegexNode) -> Int {
        let cap = maxInstructions + 1
        switch node {
        case .empty, .scalar, .anyScalar, .characterClass, .assertion:
            return 1
        case .capture(let inner, _):
            return Swift.min(cap, estimatedSize(inner) + 2)
        case .concatenation(let items):
            return items.reduce(0) { Swift.min(cap, $0 + estimatedSize($1)) }
        case .alternation(let branches):
            return branches.reduce(0) { Swift.min(cap, $0 + estimatedSize($1) + 2) }
        case .repetition(let inner, let min, let max, _):
            let copies = Swift.max(1, Swift.max(min, max ?? min + 1))
            let (total, overflow) = (estimatedSize(inner) + 2).multipliedReportingOverflow(by: copies)
            return overflow ? cap : Swift.min(cap, total)
        }
    }

    /// Appends an instruction and returns its index.
    @discardableResult
    private mutating func emit(_ instruction: Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    /// Replaces the placeholder at `index` once its targets are known.
    private mutating func patch(_ index: Int, _ instruction: Instruction) {
        instructions[index] = instruction
    }

    /// Emits the instructions of `node`.
    private mutating func compile(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar, let caseInsensitive):
            emit(.scalar(caseInsensitive ? [scalar] + RegexCaseFolding.variants(of: scalar) : [scalar]))
        case .anyScalar(let matchesNewline):
            emit(.anyScalar(matchesNewline: matchesNewline))
        case .characterClass(let characterClass, let caseInsensitive):
            classes.append(characterClass)
            emit(.characterClass(classes.count - 1, caseInsensitive: caseInsensitive))
        case .assertion(let assertion):
            emit(.assert(assertion))
        case .capture(let inner, let index):
            emit(.save(2 * index))
            compile(inner)
            emit(.save(2 * index + 1))
        case .concatenation(let items):
            for item in items { compile(item) }
        case .alternation(let branches):
            compileAlternation(branches[...])
        case .repetition(let inner, let min, let max, let greedy):
            compileRepetition(inner, min: min, max: max, greedy: greedy)
        }
    }

    /// `a|b|c` as nested splits, earlier branches first.
    private mutating func compileAlternation(_ branches: ArraySlice<RegexNode>) {
        guard let first = branches.first else { return }
        guard branches.count > 1 else {
            compile(first)
            return
        }
        let split = emit(.jump(0))
        compile(first)
        let exit = emit(.jump(0))
        let secondStart = instructions.count
        compileAlternation(branches.dropFirst())
        patch(split, .split(split + 1, secondStart))
        patch(exit, .jump(instructions.count))
    }

    /// `x{min,max}`: `min` copies, then either a star loop (no max) or `max - min` nested optionals.
    private mutating func compileRepetition(_ inner: RegexNode, min: Int, max: Int?, greedy: Bool) {
        for _ in 0..<min { compile(inner) }
        guard let max else {
            compileStar(inner, greedy: greedy)
            return
        }
        var pendingSplits: [Int] = []
        for _ in min..<Swift.max(min, max) {
            pendingSplits.append(emit(.jump(0)))
            compile(inner)
        }
        let end = instructions.count
        for split in pendingSplits {
            patch(split, greedy ? .split(split + 1, end) : .split(end, split + 1))
        }
    }

    /// `x*`: `L: split(body, exit); body; jump L`.
    private mutating func compileStar(_ inner: RegexNode, greedy: Bool) {
        let loop = emit(.jump(0))
        compile(inner)
        emit(.jump(loop))
        let exit = instructions.count
        patch(loop, greedy ? .split(loop + 1, exit) : .split(exit, loop + 1))
    }
}
