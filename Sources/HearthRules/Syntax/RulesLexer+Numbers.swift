/// Number literals: decimal and hexadecimal integers, decimal floats with optional exponent.
extension RulesLexer {
    /// Lexes an int (`42`, `0x2A`) or a float (`1.5`, `1e3`, `2.5E-4`).
    mutating func lexNumber(start: SourcePosition) throws(RulesSyntaxError) -> RulesTokenKind {
        if peek() == "0", let marker = peek(1), marker == "x" || marker == "X" {
            return try lexHexInteger(start: start)
        }
        var text = consumeDigits()
        var isFloat = false
        if peek() == ".", let next = peek(1), next.isRulesDigit {
            bump()
            text += "." + consumeDigits()
            isFloat = true
        }
        if let marker = peek(), marker == "e" || marker == "E", exponentFollows() {
            bump()
            text += "e"
            if let sign = peek(), sign == "+" || sign == "-" {
                bump()
                text.unicodeScalars.append(sign)
            }
            text += consumeDigits()
            isFloat = true
        }
        try rejectTrailingWordCharacter()
        if isFloat {
            guard let value = Double(text), value.isFinite else {
                throw RulesSyntaxError(at: start, "float literal \(text) is out of range")
            }
            return .float(value)
        }
        guard let value = UInt64(text) else {
            throw RulesSyntaxError(at: start, "integer literal \(text) is out of range")
        }
        return .int(value)
    }

    /// Lexes `0x…` after seeing its prefix.
    private mutating func lexHexInteger(start: SourcePosition) throws(RulesSyntaxError) -> RulesTokenKind {
        bump()
        bump()
        var digits = ""
        while let scalar = peek(), scalar.isRulesHexDigit {
            digits.unicodeScalars.append(scalar)
            bump()
        }
        guard !digits.isEmpty else {
            throw RulesSyntaxError(at: position, "expected hexadecimal digits, found \(describeNext())")
        }
        try rejectTrailingWordCharacter()
        guard let value = UInt64(digits, radix: 16) else {
            throw RulesSyntaxError(at: start, "integer literal 0x\(digits) is out of range")
        }
        return .int(value)
    }

    /// Consumes a run of decimal digits and returns them.
    private mutating func consumeDigits() -> String {
        var digits = ""
        while let scalar = peek(), scalar.isRulesDigit {
            digits.unicodeScalars.append(scalar)
            bump()
        }
        return digits
    }

    /// Whether the `e`/`E` under the cursor starts a well-formed exponent.
    private func exponentFollows() -> Bool {
        if let next = peek(1), next.isRulesDigit { return true }
        if let sign = peek(1), sign == "+" || sign == "-", let digit = peek(2), digit.isRulesDigit { return true }
        return false
    }

    /// Rejects a number glued to a letter, digit or underscore (`12abc`, `1u`).
    private func rejectTrailingWordCharacter() throws(RulesSyntaxError) {
        if let next = peek(), next.isRulesIdentifierContinue {
            throw RulesSyntaxError(at: position, "expected operator or separator after number, found '\(next)'")
        }
    }

    /// Describes the next scalar for an error message.
    func describeNext() -> String {
        guard let scalar = peek() else { return "end of file" }
        return Self.describe(scalar)
    }
}
