/// A compiled RE2-syntax regular expression with the operations `matches`, `replace` and `split` need.
struct RuleRegex: Sendable {
    /// The longest pattern accepted, in characters.
    static let maxPatternLength = 4_096

    /// The compiled program.
    private let program: RegexProgram
    /// The number of capturing groups.
    let captureCount: Int

    /// Compiles `pattern`.
    /// - Throws: `RuleError` (`invalidRegex`) for bad syntax, backreferences, lookaround, or a
    ///   pattern too large.
    init(_ pattern: String) throws(RuleError) {
        guard pattern.unicodeScalars.count <= RuleRegex.maxPatternLength else {
            throw RuleError.invalidRegex(pattern, "pattern longer than \(RuleRegex.maxPatternLength) characters.")
        }
        var parser = RegexParser(pattern)
        let tree = try parser.parse()
        captureCount = parser.captureCount
        program = try RegexProgram(tree, captureCount: parser.captureCount, pattern: pattern)
    }

    /// Whether the pattern matches the whole of `text` (not just a part).
    func matchesWhole(_ text: String) -> Bool {
        RegexMachine(program: program, text: Array(text.unicodeScalars)).matchesWhole()
    }

    /// Every non-overlapping leftmost-first match, as capture slots; an empty match directly after
    /// the previous match is skipped (RE2's rule).
    func allMatches(in scalars: [Unicode.Scalar]) -> [RegexMachine.Captures] {
        let machine = RegexMachine(program: program, text: scalars)
        var results: [RegexMachine.Captures] = []
        var position = 0
        var previousEnd = -1
        while position <= scalars.count, let captures = machine.firstMatch(from: position) {
            let (start, end) = (captures[0], captures[1])
            let accepted = !(start == end && start == previousEnd)
            if end == position {
                position += 1
            } else {
                position = end
            }
            previousEnd = end
            if accepted { results.append(captures) }
        }
        return results
    }

    /// `text` with every match replaced by `template`, where `$0`…`$9` insert a group (empty when
    /// it did not take part) and `\` makes the next character literal (`\$`, `\\`).
    func replacingAll(in text: String, with template: String) throws(RuleError) -> String {
        let scalars = Array(text.unicodeScalars)
        let pieces = try RegexReplacement(template, captureCount: captureCount)
        var result = String.UnicodeScalarView()
        var copied = 0
        for captures in allMatches(in: scalars) {
            result.append(contentsOf: scalars[copied..<captures[0]])
            pieces.append(to: &result, captures: captures, text: scalars)
            copied = captures[1]
        }
        result.append(contentsOf: scalars[copied...])
        return String(result)
    }

    /// The pieces of `text` between matches. An empty match at the very start or end does not make
    /// an empty piece there; a non-empty one does (`'/a/'` split on `/` is `['', 'a', '']`).
    func split(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [String] = []
        var pieceStart = 0
        var lastEmptyMatchAtEnd = false
        for captures in allMatches(in: scalars) {
            let (start, end) = (captures[0], captures[1])
            if start == end && start == 0 { continue }
            if start == end && start == scalars.count {
                lastEmptyMatchAtEnd = true
                continue
            }
            pieces.append(String(String.UnicodeScalarView(scalars[pieceStart..<start])))
            pieceStart = end
        }
        if !(lastEmptyMatchAtEnd && pieceStart == scalars.count && !pieces.isEmpty) {
            pieces.append(String(String.UnicodeScalarView(scalars[pieceStart...])))
        }
        return pieces
    }
}
