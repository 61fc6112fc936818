/// Runs a `RegexProgram` over text as a Pike VM: every thread advances in lock step, one
/// character at a time, so the time is O(text × program) whatever the pattern (no backtracking).
struct RegexMachine {
    /// A match: capture slots (scalar offsets, -1 for unset), slot 0/1 being the whole match.
    typealias Captures = [Int]

    /// The program to run.
    private let program: RegexProgram
    /// The text's characters.
    private let text: [Unicode.Scalar]

    /// Prepares to run `program` over `text`.
    init(program: RegexProgram, text: [Unicode.Scalar]) {
        self.program = program
        self.text = text
    }

    /// Whether the program matches all of the text (`matches()` semantics).
    func matchesWhole() -> Bool {
        run(from: 0, anchored: true, mustReachEnd: true, tracksCaptures: false) != nil
    }

    /// The leftmost-first match starting at or after `start`, with its captures.
    func firstMatch(from start: Int) -> Captures? {
        run(from: start, anchored: false, mustReachEnd: false, tracksCaptures: true)
    }

    /// One thread: where it is in the program and what it has captured.
    private struct Thread {
        /// The instruction to run next (always a consuming one or `match`).
        var pc: Int
        /// Capture slots (empty when captures are not tracked).
        var captures: Captures
    }

    /// The threads of one step, in priority order, each pc at most once.
    private struct ThreadList {
        /// Which pcs were already reached at this step (including non-consuming ones).
        private var visited: [Bool]
        /// The pcs set in `visited`, so that clearing costs only what was used.
        private var marked: [Int] = []
        /// The runnable threads, highest priority first.
        var threads: [Thread] = []

        /// An empty list for a program of `size` instructions.
        init(size: Int) { visited = [Bool](repeating: false, count: size) }

        /// Marks `pc` as reached; false when it already was.
        mutating func mark(_ pc: Int) -> Bool {
            guard !visited[pc] else { return false }
            visited[pc] = true
            marked.append(pc)
            return true
        }

        /// Empties the list for reuse.
        mutating func clear() {
            for pc in marked { visited[pc] = false }
            marked.removeAll(keepingCapacity: true)
            threads.removeAll(keepingCapacity: true)
        }
    }

    /// Pending work while following empty transitions from a new thread.
    private enum Work {
        /// Visit an instruction.
        case visit(Int)
        /// Put a capture slot back once the subtree that set it has been explored.
        case restore(slot: Int, value: Int)
    }

    /// The Pike VM proper.
    private func run(from start: Int, anchored: Bool, mustReachEnd: Bool, tracksCaptures: Bool) -> Captures? {
        let size = program.instructions.count
        var current = ThreadList(size: size)
        var next = ThreadList(size: size)
        var matched: Captures?
        let initialCaptures = tracksCaptures ? Captures(repeating: -1, count: program.slotCount) : []
        var position = start
        while true {
            if matched == nil && (position == start || !anchored) {
                var captures = initialCaptures
                addThread(to: &current, pc: 0, position: position, captures: &captures)
            }
            // No live thread: an anchored run or one that already matched is over; an unanchored
            // search moves on to try the next start position.
            if current.threads.isEmpty && (anchored || matched != nil) { break }
            let scalar: Unicode.Scalar? = position < text.count ? text[position] : nil
            for thread in current.threads {
                if case .match = program.instructions[thread.pc] {
                    if mustReachEnd && scalar != nil { continue }
                    matched = thread.captures
                    break  // Lower-priority threads cannot win any more.
                }
                guard let scalar, consumes(program.instructions[thread.pc], scalar) else { continue }
                var captures = thread.captures
                addThread(to: &next, pc: thread.pc + 1, position: position + 1, captures: &captures)
            }
            current.clear()
            swap(&current, &next)
            if position >= text.count { break }
            position += 1
        }
        return matched
    }

    /// Adds the thread at `pc`, following jumps, splits, saves and assertions depth-first in priority order.
    private func addThread(to list: inout ThreadList, pc start: Int, position: Int, captures: inout Captures) {
        var work: [Work] = [.visit(start)]
        while let item = work.popLast() {
            switch item {
            case .restore(let slot, let value):
                captures[slot] = value
            case .visit(let pc):
                guard list.mark(pc) else { continue }
                switch program.instructions[pc] {
                case .jump(let target):
                    work.append(.visit(target))
                case .split(let first, let second):
                    work.append(.visit(second))
                    work.append(.visit(first))
                case .save(let slot):
                    if !captures.isEmpty {
                        work.append(.restore(slot: slot, value: captures[slot]))
                        captures[slot] = position
                    }
                    work.append(.visit(pc + 1))
                case .assert(let assertion):
                    if holds(assertion, at: position) { work.append(.visit(pc + 1)) }
                case .scalar, .anyScalar, .characterClass, .match:
                    list.threads.append(Thread(pc: pc, captures: captures))
                }
            }
        }
    }

    /// Whether a consuming instruction accepts `scalar`.
    private func consumes(_ instruction: RegexProgram.Instruction, _ scalar: Unicode.Scalar) -> Bool {
        switch instruction {
        case .scalar(let accepted): return accepted.contains(scalar)
        case .anyScalar(let matchesNewline): return matchesNewline || scalar != "\n"
        case .characterClass(let index, let caseInsensitive):
            return program.classes[index].contains(scalar, caseInsensitive: caseInsensitive)
        default: return false
        }
    }

    /// Whether a zero-width assertion holds between `text[position - 1]` and `text[position]`.
    private func holds(_ assertion: RegexAssertion, at position: Int) -> Bool {
        let before: Unicode.Scalar? = position > 0 ? text[position - 1] : nil
        let after: Unicode.Scalar? = position < text.count ? text[position] : nil
        switch assertion {
        case .textStart: return before == nil
        case .textEnd: return after == nil
        case .lineStart: return before == nil || before == "\n"
        case .lineEnd: return after == nil || after == "\n"
        case .wordBoundary: return isWord(before) != isWord(after)
        case .notWordBoundary: return isWord(before) == isWord(after)
        }
    }

    /// Whether `scalar` is a `\w` character.
    private func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return RegexCharacterClass.wordCharacters.contains(scalar, caseInsensitive: false)
    }
}
