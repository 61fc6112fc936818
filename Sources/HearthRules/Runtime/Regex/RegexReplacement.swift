/// A parsed `replace()` template: literal text and group references (`$0` … `$9`).
struct RegexReplacement {
    /// One part of the template.
    private enum Piece {
        /// Text copied as is.
        case literal(String.UnicodeScalarView)
        /// The text of capture group `index` (0 is the whole match).
        case group(Int)
    }

    /// The template's parts in order.
    private let pieces: [Piece]

    /// Parses `template`; `\x` is the literal `x`, `$n` a group reference, other `$` literal.
    /// - Throws: `invalidArgument` when a reference names a group the pattern does not have.
    init(_ template: String, captureCount: Int) throws(RuleError) {
        var pieces: [Piece] = []
        var literal = String.UnicodeScalarView()
        var iterator = Array(template.unicodeScalars)[...]
        while let scalar = iterator.popFirst() {
            if scalar == "\\", let escaped = iterator.popFirst() {
                literal.append(escaped)
            } else if scalar == "$", let digit = iterator.first, ("0"..."9").contains(digit) {
                iterator.removeFirst()
                let index = Int(digit.value - 0x30)
                guard index <= captureCount else {
                    throw RuleError.invalidArgument(
                        "string.replace",
                        "The replacement refers to group \(index) but the pattern has \(captureCount).")
                }
                if !literal.isEmpty {
                    pieces.append(.literal(literal))
                    literal = String.UnicodeScalarView()
                }
                pieces.append(.group(index))
            } else {
                literal.append(scalar)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// Appends the template filled with one match's groups.
    func append(to result: inout String.UnicodeScalarView, captures: [Int], text: [Unicode.Scalar]) {
        for piece in pieces {
            switch piece {
            case .literal(let scalars):
                result.append(contentsOf: scalars)
            case .group(let index):
                let (start, end) = (captures[2 * index], captures[2 * index + 1])
                if start >= 0, end >= start { result.append(contentsOf: text[start..<end]) }
            }
        }
    }
}
