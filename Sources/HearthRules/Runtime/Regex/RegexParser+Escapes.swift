/// Escapes and bracket expressions of the RE2 syntax.
extension RegexParser {
    /// `\d \D \w \W \s \S` at the current position (after the `\`), consumed; nil otherwise.
    mutating func parseClassEscape() throws(RuleError) -> RegexCharacterClass? {
        var result: RegexCharacterClass
        switch peek {
        case "d"?, "D"?: result = .digits
        case "w"?, "W"?: result = .wordCharacters
        case "s"?, "S"?: result = .whitespace
        case "p"?, "P"?: throw error("Unicode classes (\\p) are not supported")
        default: return nil
        }
        if let letter = next(), letter.properties.isUppercase { result.isNegated = true }
        return result
    }

    /// A character written as an escape (after the `\`): control escapes, hex, octal `\0`,
    /// or any escaped punctuation. Backreferences (`\1`…) are errors.
    mutating func parseLiteralEscape() throws(RuleError) -> Unicode.Scalar {
        guard let scalar = next() else { throw error("trailing \\") }
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "a": return "\u{07}"
        case "0":
            var value: UInt32 = 0
            for _ in 0..<2 {
                guard let digit = peek, ("0"..."7").contains(digit) else { break }
                value = value * 8 + (digit.value - 0x30)
                position += 1
            }
            return Unicode.Scalar(value) ?? "\0"
        case "1"..."9":
            throw error("backreferences are not supported")
        case "x":
            return try parseHexEscape()
        default:
            guard scalar.isASCII, !scalar.properties.isAlphabetic else {
                throw error("invalid escape sequence \\\(scalar)")
            }
            return scalar
        }
    }

    /// `\xHH` or `\x{H…}` (after the `x`).
    mutating func parseHexEscape() throws(RuleError) -> Unicode.Scalar {
        var digits = ""
        if peek == "{" {
            position += 1
            while let scalar = next(), scalar != "}" { digits.unicodeScalars.append(scalar) }
        } else {
            for _ in 0..<2 {
                guard let scalar = next() else { break }
                digits.unicodeScalars.append(scalar)
            }
        }
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16),
            let scalar = Unicode.Scalar(value)
        else { throw error("invalid \\x escape") }
        return scalar
    }

    /// After `[`: the class up to its `]`.
    mutating func parseBracket() throws(RuleError) -> RegexCharacterClass {
        var result = RegexCharacterClass()
        if peek == "^" {
            position += 1
            result.isNegated = true
        }
        var first = true
        while true {
            guard let scalar = peek else { throw error("missing ]") }
            if scalar == "]" && !first {
                position += 1
                return result
            }
            first = false
            if scalar == "[", peek(at: 1) == ":", let posix = try parsePosixClass() {
                result.add(contentsOf: posix)
                continue
            }
            if scalar == "\\", peek(at: 1) != nil {
                position += 1
                if let escaped = try parseClassEscape() {
                    result.add(contentsOf: escaped)
                    continue
                }
            } else {
                position += 1
            }
            let low = scalar == "\\" ? try parseLiteralEscape() : scalar
            if peek == "-", let after = peek(at: 1), after != "]" {
                position += 1
                let high: Unicode.Scalar
                if after == "\\" {
                    position += 1
                    high = try parseLiteralEscape()
                } else {
                    position += 1
                    high = after
                }
                guard low.value <= high.value else { throw error("invalid character class range") }
                result.add(low.value...high.value)
            } else {
                result.add(low)
            }
        }
    }

    /// `[:name:]` or `[:^name:]` at the current position, consumed; nil (nothing consumed) if not one.
    mutating func parsePosixClass() throws(RuleError) -> RegexCharacterClass? {
        var index = position + 2
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var name = ""
        while index < scalars.count, scalars[index] != ":" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index + 1 < scalars.count, scalars[index + 1] == "]" else { return nil }
        guard var posix = RegexCharacterClass.posix(name) else { throw error("invalid character class [:\(name):]") }
        posix.isNegated = negated
        position = index + 2
        return posix
    }
}
