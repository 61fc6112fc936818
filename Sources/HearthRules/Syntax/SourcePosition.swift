/// A 1-based line and column in a rules source file; columns count Unicode scalars.
struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    let line: Int
    /// The 1-based column number, in Unicode scalars.
    let column: Int

    /// Orders positions by line, then column.
    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// Renders as `line:column`.
    var description: String { "\(line):\(column)" }
}

/// A span of source text: `start` is the first character, `end` is just past the last one.
struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// The position of the first character.
    let start: SourcePosition
    /// The position just past the last character (exclusive).
    let end: SourcePosition

    /// The smallest range covering both `self` and `other`.
    func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// Renders as `start-end`.
    var description: String { "\(start)-\(end)" }
}
