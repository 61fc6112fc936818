/// Parses RE2 syntax into a `RegexNode` tree.
///
/// Supported: literals, `.`, bracket classes (ranges, negation, escapes, `[:posix:]`), `\d \w \s`
/// and their negations, escaped metacharacters, `\n \t \r \f \v \a \0 \xHH \x{H…}`, `^ $ \A \z \b \B`,
/// capturing, non-capturing and named groups, flags `i m s U` (`(?i)`, `(?i:…)`, `(?-i)`),
/// alternation, `* + ?`, `{n}`, `{n,}`, `{n,m}` and their lazy forms. Backreferences, lookaround
/// and Unicode property classes are rejected, as RE2 rejects the first two.
struct RegexParser {
    /// The flags in force at a point of the pattern.
    struct Flags {
        /// `i`: case-insensitive.
        var caseInsensitive = false
        /// `m`: `^`/`$` match at line boundaries.
        var multiline = false
        /// `s`: `.` matches a newline.
        var dotMatchesNewline = false
        /// `U`: swaps the meaning of `x*` and `x*?`.
        var ungreedy = false
    }

    /// The largest count allowed in `{n,m}` (RE2's limit).
    static let maxRepeatCount = 1_000

    /// The pattern, for error messages.
    private let pattern: String
    /// The pattern's characters.
    let scalars: [Unicode.Scalar]
    /// The next character to read.
    var position = 0
    /// Capturing groups opened so far.
    private(set) var captureCount = 0

    /// Prepares to parse `pattern`.
    init(_ pattern: String) {
        self.pattern = pattern
        self.scalars = Array(pattern.unicodeScalars)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RuleError) -> RegexNode {
        var flags = Flags()
        let node = try parseAlternation(&flags)
        if position < scalars.count { throw error("unexpected )") }
        return node
    }

    // MARK: - Structure

    /// `branch ('|' branch)*`.
    private mutating func parseAlternation(_ flags: inout Flags) throws(RuleError) -> RegexNode {
        var branches = [try parseConcatenation(&flags)]
        while peek == "|" {
            position += 1
            branches.append(try parseConcatenation(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// A run of quantified atoms, up to `|`, `)` or the end.
    private mutating func parseConcatenation(_ flags: inout Flags) throws(RuleError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek, next != "|", next != ")" {
            guard let atom = try parseAtom(&flags) else { continue }
            items.append(try parseQuantifiers(atom, flags))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    /// Applies the quantifier following `atom`, if any; a second quantifier is an error.
    private mutating func parseQuantifiers(_ atom: RegexNode, _ flags: Flags) throws(RuleError) -> RegexNode {
        guard case (let min, let max)? = try parseQuantifier() else { return atom }
        var greedy = true
        if peek == "?" {
            position += 1
            greedy = false
        }
        if flags.ungreedy { greedy.toggle() }
        if let next = peek, next == "*" || next == "+" || next == "?" || repeatSpecAhead() {
            throw error("bad repetition operator")
        }
        return .repetition(atom, min: min, max: max, greedy: greedy)
    }

    /// Reads `*`, `+`, `?` or a valid `{…}` and returns its bounds; nil when none follows.
    private mutating func parseQuantifier() throws(RuleError) -> (Int, Int?)? {
        switch peek {
        case "*"?:
            position += 1
            return (0, nil)
        case "+"?:
            position += 1
            return (1, nil)
        case "?"?:
            position += 1
            return (0, 1)
        case "{"?:
            guard case (let bounds, let length)? = try repeatSpec(at: position) else { return nil }
            position += length
            return bounds
        default:
            return nil
        }
    }

    /// Whether a valid `{n}`, `{n,}` or `{n,m}` starts at the current position.
    private func repeatSpecAhead() -> Bool {
        guard peek == "{" else { return false }
        do throws(RuleError) {
            return try repeatSpec(at: position) != nil
        } catch {
            return true
        }
    }

    /// Parses `{n}`, `{n,}` or `{n,m}` at `start`: its bounds and length, or nil when the text is
    /// not a repeat (then `{` is a literal, as in RE2). Counts above 1,000 or `n > m` are errors.
    private func repeatSpec(at start: Int) throws(RuleError) -> ((Int, Int?), Int)? {
        var index = start + 1
        func readNumber() -> Int? {
            var value: Int?
            while index < scalars.count, let digit = RegexParser.decimalDigit(scalars[index]) {
                value = Swift.min((value ?? 0) * 10 + digit, 1_000_000)
                index += 1
            }
            return value
        }
        guard let min = readNumber() else { return nil }
        var max: Int? = min
        if index < scalars.count, scalars[index] == "," {
            index += 1
            max = readNumber()
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        index += 1
        if min > RegexParser.maxRepeatCount || (max ?? 0) > RegexParser.maxRepeatCount {
            throw error("bad repetition operator (counts above \(RegexParser.maxRepeatCount))")
        }
        if let max, max < min { throw error("bad repetition operator (minimum above maximum)") }
        return ((min, max), index - start)
    }

    // MARK: - Atoms

    /// One atom; nil when the text only changed flags (`(?i)`).
    private mutating func parseAtom(_ flags: inout Flags) throws(RuleError) -> RegexNode? {
        guard let scalar = next() else { throw error("unexpected end") }
        switch scalar {
        case "(":
            return try parseGroup(&flags)
        case "[":
            return .characterClass(try parseBracket(), caseInsensitive: flags.caseInsensitive)
        case ".":
            return .anyScalar(matchesNewline: flags.dotMatchesNewline)
        case "^":
            return .assertion(flags.multiline ? .lineStart : .textStart)
        case "$":
            return .assertion(flags.multiline ? .lineEnd : .textEnd)
        case "\\":
            return try parseEscape(flags)
        case "*", "+", "?":
            throw error("missing argument to repetition operator")
        case "{":
            if (try? repeatSpec(at: position - 1)) != nil { throw error("missing argument to repetition operator") }
            return .scalar("{", caseInsensitive: false)
        default:
            return .scalar(scalar, caseInsensitive: flags.caseInsensitive)
        }
    }

    /// After `(`: a capturing, non-capturing or named group, or a flag change.
    private mutating func parseGroup(_ flags: inout Flags) throws(RuleError) -> RegexNode? {
        guard peek == "?" else { return try parseGroupBody(flags, capture: true) }
        position += 1
        switch peek {
        case "="?, "!"?:
            throw error("lookahead assertions are not supported")
        case "<"? where peek(at: 1) == "=" || peek(at: 1) == "!":
            throw error("lookbehind assertions are not supported")
        case "P"? where peek(at: 1) == "<":
            position += 2
            try skipGroupName()
            return try parseGroupBody(flags, capture: true)
        case "<"?:
            position += 1
            try skipGroupName()
            return try parseGroupBody(flags, capture: true)
        default:
            break
        }
        // Flags: (?flags) or (?flags:body), with an optional '-' before flags to clear.
        var scoped = flags
        var clearing = false
        var sawFlag = false
        while let scalar = next() {
            switch scalar {
            case "i": scoped.caseInsensitive = !clearing
            case "m": scoped.multiline = !clearing
            case "s": scoped.dotMatchesNewline = !clearing
            case "U": scoped.ungreedy = !clearing
            case "-":
                guard !clearing else { throw error("invalid or unsupported Perl syntax") }
                clearing = true
                continue
            case ")":
                guard sawFlag else { throw error("missing flags in (?)") }
                flags = scoped
                return nil
            case ":":
                return try parseGroupBody(scoped, capture: false)
            default:
                throw error("invalid or unsupported Perl syntax")
            }
            sawFlag = true
        }
        throw error("missing )")
    }

    /// Skips a group name up to `>`; names are word characters.
    private mutating func skipGroupName() throws(RuleError) {
        var length = 0
        while let scalar = next() {
            if scalar == ">" {
                guard length > 0 else { throw error("empty group name") }
                return
            }
            guard RegexCharacterClass.wordCharacters.contains(scalar, caseInsensitive: false) else {
                throw error("invalid group name")
            }
            length += 1
        }
        throw error("missing >")
    }

    /// The inside of a group up to its `)`; flags set inside do not leak out.
    private mutating func parseGroupBody(_ flags: Flags, capture: Bool) throws(RuleError) -> RegexNode {
        var inner = flags
        var index = 0
        if capture {
            captureCount += 1
            index = captureCount
        }
        let body = try parseAlternation(&inner)
        guard next() == ")" else { throw error("missing )") }
        return capture ? .capture(body, index: index) : body
    }

    /// After `\` outside a bracket: a class, an assertion or a literal character.
    private mutating func parseEscape(_ flags: Flags) throws(RuleError) -> RegexNode {
        guard let scalar = peek else { throw error("trailing \\") }
        switch scalar {
        case "A":
            position += 1
            return .assertion(.textStart)
        case "z":
            position += 1
            return .assertion(.textEnd)
        case "b":
            position += 1
            return .assertion(.wordBoundary)
        case "B":
            position += 1
            return .assertion(.notWordBoundary)
        default:
            break
        }
        if let characterClass = try parseClassEscape() {
            return .characterClass(characterClass, caseInsensitive: flags.caseInsensitive)
        }
        return .scalar(try parseLiteralEscape(), caseInsensitive: flags.caseInsensitive)
    }

    // MARK: - Reading

    /// The value of an ASCII decimal digit, or nil.
    private static func decimalDigit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    /// The current character, not consumed.
    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// The character `offset` places ahead, not consumed.
    func peek(at offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// Consumes and returns the current character.
    mutating func next() -> Unicode.Scalar? {
        guard position < scalars.count else { return nil }
        defer { position += 1 }
        return scalars[position]
    }

    /// An invalid-pattern error with `reason`.
    func error(_ reason: String) -> RuleError {
        RuleError.invalidRegex(pattern, reason + ".")
    }
}
