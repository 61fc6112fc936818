/// One lexical token with the source range it covers.
struct RulesToken: Sendable, Equatable {
    /// What the token is.
    let kind: RulesTokenKind
    /// Where it sits in the source.
    let range: SourceRange
    /// Its source text (possibly shortened), used in error messages.
    let text: String

    /// A quoted rendering for `found X` in error messages (string literals already carry their quotes).
    var quoted: String {
        switch kind {
        case .endOfFile: "end of file"
        case .string, .bytes: text
        default: "'\(text)'"
        }
    }
}

/// The kinds of tokens the rules lexer produces.
enum RulesTokenKind: Sendable, Equatable {
    /// A name that is not a reserved word.
    case identifier(String)
    /// A reserved word.
    case keyword(RulesKeyword)
    /// An integer literal's magnitude (a leading `-` is a separate token).
    case int(UInt64)
    /// A floating-point literal.
    case float(Double)
    /// A string literal, escapes resolved.
    case string(String)
    /// A bytes literal, escapes resolved.
    case bytes([UInt8])
    /// An operator or punctuation mark.
    case symbol(RulesSymbol)
    /// The end of the input.
    case endOfFile
}

/// The reserved words of the rules language.
enum RulesKeyword: String, Sendable, CaseIterable {
    case `true`, `false`, null, `in`, `is`, `if`, `let`, `return`, function, match, allow, service
    case rulesVersion = "rules_version"
}

/// Operators and punctuation.
enum RulesSymbol: String, Sendable, CaseIterable {
    case leftParen = "(", rightParen = ")", leftBrace = "{", rightBrace = "}"
    case leftBracket = "[", rightBracket = "]"
    case comma = ",", semicolon = ";", colon = ":", dot = ".", question = "?"
    case bang = "!", assign = "=", equal = "==", notEqual = "!="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&", or = "||"
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
}
