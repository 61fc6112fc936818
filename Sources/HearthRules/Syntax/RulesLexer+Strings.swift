/// String and bytes literals: quotes, triple quotes, raw and bytes prefixes, escapes.
extension RulesLexer {
    /// Lexes a quoted literal at the cursor; `prefix` is `""`, `b`, `r`, `br` or `rb` (already consumed).
    mutating func lexQuoted(prefix: String, start: SourcePosition) throws(RulesSyntaxError) -> RulesTokenKind {
        guard let quote = bump() else {
            throw RulesSyntaxError(at: start, "expected a string literal, found end of file")
        }
        let isTriple = peek() == quote && peek(1) == quote
        if isTriple {
            bump()
            bump()
        }
        let isRaw = prefix.contains("r")
        var buffer = LiteralBuffer(isBytes: prefix.contains("b"))
        while true {
            guard let scalar = peek() else {
                throw RulesSyntaxError(at: start, "expected closing \(quote) of the literal, found end of file")
            }
            if scalar == quote && (!isTriple || (peek(1) == quote && peek(2) == quote)) {
                bump()
                if isTriple {
                    bump()
                    bump()
                }
                return buffer.token
            }
            if !isTriple && (scalar == "\n" || scalar == "\r") {
                throw RulesSyntaxError(at: start, "expected closing \(quote) of the literal, found end of line")
            }
            if scalar == "\\" && !isRaw {
                try lexEscape(into: &buffer)
            } else {
                buffer.append(scalar)
                bump()
            }
        }
    }

    /// Lexes one backslash escape into `buffer`.
    private mutating func lexEscape(into buffer: inout LiteralBuffer) throws(RulesSyntaxError) {
        let start = position
        bump()
        guard let code = bump() else {
            throw RulesSyntaxError(at: start, "expected an escape character after '\\', found end of file")
        }
        if let simple = Self.simpleEscapes[code] {
            buffer.append(simple)
            return
        }
        switch code {
        case "x", "X":
            buffer.appendCode(try readDigits(count: 2, radix: 16, escape: code, start: start))
        case "u":
            buffer.append(try readScalar(count: 4, escape: code, start: start))
        case "U":
            buffer.append(try readScalar(count: 8, escape: code, start: start))
        case "0"..."3":
            let rest = try readDigits(count: 2, radix: 8, escape: code, start: start)
            buffer.appendCode((code.value - 0x30) * 64 + rest)
        default:
            throw RulesSyntaxError(at: start, "expected a valid escape sequence, found '\\\(code)'")
        }
    }

    /// The one-character escapes and what they stand for.
    private static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "\\": "\\", "'": "'", "\"": "\"", "`": "`", "?": "?", "/": "/",
        "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t", "v": "\u{0B}",
    ]

    /// Reads exactly `count` digits in `radix` and returns their value.
    private mutating func readDigits(
        count: Int, radix: UInt32, escape: Unicode.Scalar, start: SourcePosition
    ) throws(RulesSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let scalar = peek(), let digit = Self.digitValue(scalar), digit < radix else {
                let kind = radix == 16 ? "hexadecimal" : "octal"
                throw RulesSyntaxError(
                    at: start, "expected \(count) \(kind) digits after '\\\(escape)', found \(describeNext())")
            }
            value = value * radix + digit
            bump()
        }
        return value
    }

    /// Reads a `\u`/`\U` escape's digits and checks that they name a Unicode scalar.
    private mutating func readScalar(
        count: Int, escape: Unicode.Scalar, start: SourcePosition
    ) throws(RulesSyntaxError) -> Unicode.Scalar {
        let value = try readDigits(count: count, radix: 16, escape: escape, start: start)
        guard let scalar = Unicode.Scalar(value) else {
            let hex = String(value, radix: 16, uppercase: true)
            throw RulesSyntaxError(at: start, "expected a Unicode scalar value, found U+\(hex)")
        }
        return scalar
    }

    /// The numeric value of a hexadecimal (or lower) digit.
    private static func digitValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}

/// Accumulates the content of a string or bytes literal.
struct LiteralBuffer {
    /// Whether the literal is `b'…'`.
    let isBytes: Bool
    /// The text collected for a string literal.
    private var text = String.UnicodeScalarView()
    /// The bytes collected for a bytes literal.
    private var bytes: [UInt8] = []

    /// Creates an empty buffer.
    init(isBytes: Bool) {
        self.isBytes = isBytes
    }

    /// Appends a character (UTF-8 encoded in a bytes literal).
    mutating func append(_ scalar: Unicode.Scalar) {
        if isBytes {
            bytes.append(contentsOf: String(Character(scalar)).utf8)
        } else {
            text.append(scalar)
        }
    }

    /// Appends a `\xHH` or octal code: a raw byte in bytes, a code point (≤ U+00FF) in strings.
    mutating func appendCode(_ code: UInt32) {
        let byte = UInt8(truncatingIfNeeded: code)
        if isBytes {
            bytes.append(byte)
        } else {
            text.append(Unicode.Scalar(byte))
        }
    }

    /// The finished token kind.
    var token: RulesTokenKind { isBytes ? .bytes(bytes) : .string(String(text)) }
}
