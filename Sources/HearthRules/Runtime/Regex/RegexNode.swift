/// The syntax tree of a parsed regular expression (RE2 syntax subset).
indirect enum RegexNode: Sendable {
    /// Matches the empty string.
    case empty
    /// One character; `caseInsensitive` under the `i` flag.
    case scalar(Unicode.Scalar, caseInsensitive: Bool)
    /// `.`: any character, newline included only under the `s` flag.
    case anyScalar(matchesNewline: Bool)
    /// A bracket expression or a class escape such as `\d`.
    case characterClass(RegexCharacterClass, caseInsensitive: Bool)
    /// A zero-width assertion (`^`, `$`, `\A`, `\z`, `\b`, `\B`).
    case assertion(RegexAssertion)
    /// A capturing group (numbered from 1) around `node`.
    case capture(RegexNode, index: Int)
    /// Nodes matched one after another.
    case concatenation([RegexNode])
    /// The first branch that leads to a match wins (leftmost-first, as in RE2).
    case alternation([RegexNode])
    /// `node` repeated `min` … `max` times (`max` nil: unbounded), greedy or lazy.
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
}

/// The zero-width assertions.
enum RegexAssertion: Sendable, Equatable {
    /// Start of the text (`\A`, or `^` without the `m` flag).
    case textStart
    /// End of the text (`\z`, or `$` without the `m` flag).
    case textEnd
    /// Start of a line (`^` under `m`).
    case lineStart
    /// End of a line (`$` under `m`).
    case lineEnd
    /// Between a word and a non-word character (`\b`).
    case wordBoundary
    /// Not at a word boundary (`\B`).
    case notWordBoundary
}
