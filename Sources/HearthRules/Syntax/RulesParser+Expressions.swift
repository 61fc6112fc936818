/// Expressions, by precedence (fact sheet §1.7): ternary, binary levels by climbing, unary, postfix, primary.
///
/// The functions on the recursive path (`parseExpression` → `parseBinary` → `parseUnary` → `parsePostfix`
/// → `parsePrimary` → …) stay small and delegate everything else to helpers, so each nesting level
/// costs little stack; `expressionDepth` bounds the nesting.
extension RulesParser {
    /// `expr = or_expr [ "?" expr ":" expr ]` (right-associative), with the nesting guard.
    mutating func parseExpression() throws(RulesSyntaxError) -> Expr {
        expressionDepth += 1
        defer { expressionDepth -= 1 }
        if expressionDepth > RulesLimits.maxExpressionNesting { throw nestingFailure() }
        let start = current.range.start
        let condition = try parseBinary(minimumPrecedence: 1)
        guard check(.question) else { return condition }
        return try parseTernary(condition: condition, from: start)
    }

    /// The branches of `condition ? then : else`, after the condition.
    private mutating func parseTernary(condition: Expr, from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        try advance()
        let then = try parseExpression()
        try expect(.colon)
        let otherwise = try parseExpression()
        return try makeExpr(.ternary(condition, then: then, else: otherwise), from: start)
    }

    /// Binary levels from `minimumPrecedence` up, left-associative; `is` sits at its own level.
    private mutating func parseBinary(minimumPrecedence: Int) throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        var left = try parseUnary()
        while true {
            if check(.is) && Self.isPrecedence >= minimumPrecedence {
                left = try parseIsType(left, from: start)
                continue
            }
            guard let op = binaryOperator(), Self.precedence(of: op) >= minimumPrecedence else { return left }
            try advance()
            let right = try parseBinary(minimumPrecedence: Self.precedence(of: op) + 1)
            left = try makeBinary(op, left, right, from: start)
        }
    }

    /// Builds `left op right`.
    private func makeBinary(
        _ op: RuleBinaryOperator, _ left: Expr, _ right: Expr, from start: SourcePosition
    ) throws(RulesSyntaxError) -> Expr {
        try makeExpr(.binary(op, left, right), from: start)
    }

    /// `operand is type`, with the current token on `is`.
    private mutating func parseIsType(_ operand: Expr, from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        try advance()
        guard case .identifier(let name) = current.kind, let type = RuleTypeName(rawValue: name) else {
            let names = RuleTypeName.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure(expected: "a type name (\(names))")
        }
        try advance()
        return try makeExpr(.isType(operand, type), from: start)
    }

    /// The binding level of `is` (between `==`/`!=` and `in`).
    private static let isPrecedence = 4

    /// Binding levels, loosest first: `||` 1, `&&` 2, `==` 3, `is` 4, `in` 5, `<` 6, `+` 7, `*` 8.
    private static func precedence(of op: RuleBinaryOperator) -> Int {
        switch op {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .in: 5
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 6
        case .add, .subtract: 7
        case .multiply, .divide, .remainder: 8
        }
    }

    /// The binary operator the current token spells, if any.
    private func binaryOperator() -> RuleBinaryOperator? {
        switch current.kind {
        case .keyword(.in): .in
        case .symbol(let symbol): RuleBinaryOperator(rawValue: symbol.rawValue)
        default: nil
        }
    }

    /// `unary = { "!" | "-" } postfix`, parsed with a loop so long chains cannot exhaust the stack.
    private mutating func parseUnary() throws(RulesSyntaxError) -> Expr {
        guard check(.bang) || check(.minus) else { return try parsePostfix() }
        let operators = try parseUnaryOperators()
        let operand: Expr
        if let last = operators.last, last.op == .negate, current.kind == .int(UInt64(Int64.max) + 1) {
            operand = try parseMinimumInteger(from: last.position)
            return try wrap(operand, in: operators.dropLast())
        }
        operand = try parsePostfix()
        return try wrap(operand, in: operators[...])
    }

    /// Consumes a run of `!` and `-`, at most the nesting limit long.
    private mutating func parseUnaryOperators() throws(RulesSyntaxError) -> [(op: RuleUnaryOperator, position: SourcePosition)] {
        var operators: [(op: RuleUnaryOperator, position: SourcePosition)] = []
        while check(.bang) || check(.minus) {
            if operators.count >= RulesLimits.maxExpressionDepth {
                throw RulesSyntaxError(
                    at: current.range.start,
                    "expected at most \(RulesLimits.maxExpressionDepth) unary operators in a row, found more")
            }
            operators.append((check(.bang) ? .not : .negate, current.range.start))
            try advance()
        }
        return operators
    }

    /// Applies prefix operators to `operand`, innermost (rightmost) first.
    private func wrap(
        _ operand: Expr, in operators: ArraySlice<(op: RuleUnaryOperator, position: SourcePosition)>
    ) throws(RulesSyntaxError) -> Expr {
        var result = operand
        for (op, position) in operators.reversed() {
            result = try makeExpr(.unary(op, result), from: position)
        }
        return result
    }

    /// `-9223372036854775808`, the one integer whose magnitude does not fit in Int64.
    private mutating func parseMinimumInteger(from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        try advance()
        if check(.dot) || check(.leftBracket) {
            throw RulesSyntaxError(at: start, "integer literal 9223372036854775808 is out of range")
        }
        return try makeExpr(.int(Int64.min), from: start)
    }

    /// `postfix = primary { "." ident [ "(" args ")" ] | "[" expr "]" | "[" expr ":" expr "]" }`.
    private mutating func parsePostfix() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        var expression = try parsePrimary()
        while true {
            if check(.dot) {
                expression = try parseMemberSuffix(on: expression, from: start)
            } else if check(.leftBracket) {
                expression = try parseIndexSuffix(on: expression, from: start)
            } else {
                return expression
            }
        }
    }

    /// `.name` or `.name(args)` after `receiver`, with the current token on `.`.
    private mutating func parseMemberSuffix(on receiver: Expr, from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        try advance()
        let name = try expectMemberName()
        guard try consume(.leftParen) else { return try makeExpr(.member(receiver, name: name), from: start) }
        let arguments = try parseArguments()
        return try makeExpr(.methodCall(receiver, name: name, arguments: arguments), from: start)
    }

    /// `[index]` or `[from:to]` after `receiver`, with the current token on `[`.
    private mutating func parseIndexSuffix(on receiver: Expr, from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        try advance()
        let index = try parseExpression()
        if try consume(.colon) {
            let end = try parseExpression()
            try expect(.rightBracket)
            return try makeExpr(.slice(receiver, from: index, to: end), from: start)
        }
        guard check(.rightBracket) else { throw failure(expected: "']' or ':'") }
        try advance()
        return try makeExpr(.index(receiver, index), from: start)
    }

    /// A name after `.`: any identifier, and reserved words too (`data.match` is a field read).
    private mutating func expectMemberName() throws(RulesSyntaxError) -> String {
        switch current.kind {
        case .identifier(let name):
            try advance()
            return name
        case .keyword(let keyword):
            try advance()
            return keyword.rawValue
        default:
            throw failure(expected: "a field or method name after '.'")
        }
    }

    /// `[ expr { "," expr } ] ")"`, after the opening parenthesis.
    private mutating func parseArguments() throws(RulesSyntaxError) -> [Expr] {
        var arguments: [Expr] = []
        if try consume(.rightParen) { return arguments }
        repeat {
            arguments.append(try parseExpression())
        } while try consume(.comma)
        guard check(.rightParen) else { throw failure(expected: "',' or ')'") }
        try advance()
        return arguments
    }

    /// Literals, names, calls, parentheses, lists, maps and path literals.
    private mutating func parsePrimary() throws(RulesSyntaxError) -> Expr {
        switch current.kind {
        case .identifier: return try parseNameOrCall()
        case .symbol(.leftParen): return try parseParenthesized()
        case .symbol(.leftBracket): return try parseList()
        case .symbol(.leftBrace): return try parseMap()
        case .symbol(.slash): return try parsePathLiteral()
        default: return try parseLiteral()
        }
    }

    /// A literal token, or the `expected an expression` error.
    private mutating func parseLiteral() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        let literal: ExprKind
        switch current.kind {
        case .keyword(.null): literal = .null
        case .keyword(.true): literal = .bool(true)
        case .keyword(.false): literal = .bool(false)
        case .int(let magnitude):
            guard let value = Int64(exactly: magnitude) else {
                throw RulesSyntaxError(at: start, "integer literal \(magnitude) is out of range")
            }
            literal = .int(value)
        case .float(let value): literal = .float(value)
        case .string(let text): literal = .string(text)
        case .bytes(let bytes): literal = .bytes(bytes)
        default: throw failure(expected: "an expression")
        }
        try advance()
        return try makeExpr(literal, from: start)
    }

    /// A name, or a call `name(args)`.
    private mutating func parseNameOrCall() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        guard case .identifier(let name) = current.kind else { throw failure(expected: "a name") }
        try advance()
        guard try consume(.leftParen) else { return try makeExpr(.identifier(name), from: start) }
        let arguments = try parseArguments()
        return try makeExpr(.call(name: name, arguments: arguments), from: start)
    }

    /// `( expr )`: returns the inner expression itself.
    private mutating func parseParenthesized() throws(RulesSyntaxError) -> Expr {
        try advance()
        let inner = try parseExpression()
        try expect(.rightParen)
        return inner
    }

    /// `list_lit = "[" [ expr { "," expr } [ "," ] ] "]"`.
    private mutating func parseList() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        try advance()
        var items: [Expr] = []
        while !check(.rightBracket) {
            items.append(try parseExpression())
            if try !consume(.comma) { break }
        }
        guard check(.rightBracket) else { throw failure(expected: "',' or ']'") }
        try advance()
        return try makeExpr(.list(items), from: start)
    }

    /// `map_lit = "{" [ expr ":" expr { "," expr ":" expr } [ "," ] ] "}"`.
    private mutating func parseMap() throws(RulesSyntaxError) -> Expr {
        let start = current.range.start
        try advance()
        var entries: [MapEntry] = []
        while !check(.rightBrace) {
            entries.append(try parseMapEntry())
            if try !consume(.comma) { break }
        }
        guard check(.rightBrace) else { throw failure(expected: "',' or '}'") }
        try advance()
        return try makeExpr(.map(entries), from: start)
    }

    /// `key : value` inside a map literal.
    private mutating func parseMapEntry() throws(RulesSyntaxError) -> MapEntry {
        let key = try parseExpression()
        try expect(.colon)
        let value = try parseExpression()
        return MapEntry(key: key, value: value)
    }

    /// Builds a node ending at the last consumed token, rejecting trees taller than the limit.
    func makeExpr(_ kind: ExprKind, from start: SourcePosition) throws(RulesSyntaxError) -> Expr {
        let expression = Expr(id: -1, range: range(from: start), kind: kind)
        if expression.height > RulesLimits.maxExpressionDepth { throw heightFailure(at: start) }
        return expression
    }

    /// The error for an expression tree taller than the limit.
    private func heightFailure(at start: SourcePosition) -> RulesSyntaxError {
        RulesSyntaxError(
            at: start, "expected an expression tree at most \(RulesLimits.maxExpressionDepth) deep, found a deeper one")
    }

    /// The error for brackets, calls or ternaries nested beyond the limit.
    private func nestingFailure() -> RulesSyntaxError {
        RulesSyntaxError(
            at: current.range.start,
            "expected expressions nested at most \(RulesLimits.maxExpressionNesting) deep, found deeper nesting")
    }
}
