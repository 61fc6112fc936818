import Testing
@testable import HearthRules

/// Operator precedence and associativity, checked by printing the tree fully parenthesised.
@Suite struct RulesPrecedenceTests {
    /// Each case: source expression and its expected parenthesised form.
    @Test(arguments: [
        // Level 1: postfix binds tightest and chains left to right.
        ("a.b.c", "((a.b).c)"),
        ("a[0][1]", "((a[0])[1])"),
        ("a.b(1).c[2:3]", "(((a.b(1)).c)[2:3])"),
        ("f(x).y", "(f(x).y)"),
        ("request.resource.data.diff(resource.data).affectedKeys().hasOnly(['a'])",
         "(((((request.resource).data).diff((resource.data))).affectedKeys()).hasOnly(['a']))"),
        // Level 2: unary over postfix, right-associative.
        ("!a.b", "(!(a.b))"),
        ("-a[0]", "(-(a[0]))"),
        ("!!a", "(!(!a))"),
        ("-!-a", "(-(!(-a)))"),
        // Levels 3 and 4: multiplicative over additive, both left-associative.
        ("a + b * c", "(a + (b * c))"),
        ("a * b + c", "((a * b) + c)"),
        ("a - b - c", "((a - b) - c)"),
        ("a / b / c", "((a / b) / c)"),
        ("a % b * c", "((a % b) * c)"),
        ("-a * b", "((-a) * b)"),
        ("a - -b", "(a - (-b))"),
        // Level 5: relational below additive.
        ("a + 1 < b * 2", "((a + 1) < (b * 2))"),
        ("a < b < c", "((a < b) < c)"),
        ("a <= b >= c > d", "(((a <= b) >= c) > d)"),
        // Level 6: in below relational.
        ("a < b in c", "((a < b) in c)"),
        ("a in b in c", "((a in b) in c)"),
        ("'k' in m.keys()", "('k' in (m.keys()))"),
        // Level 7: is below in.
        ("a in b is bool", "((a in b) is bool)"),
        ("a + b is int", "((a + b) is int)"),
        ("x is string", "(x is string)"),
        ("-x is int", "((-x) is int)"),
        ("a is int is bool", "((a is int) is bool)"),
        // Level 8: equality below is.
        ("a == b is bool", "(a == (b is bool))"),
        ("a == b != c", "((a == b) != c)"),
        ("a in b == c", "((a in b) == c)"),
        ("a < b == c > d", "((a < b) == (c > d))"),
        // Levels 9 and 10: && over ||.
        ("a || b && c", "(a || (b && c))"),
        ("a && b || c && d", "((a && b) || (c && d))"),
        ("a || b || c", "((a || b) || c)"),
        ("a && b && c", "((a && b) && c)"),
        ("a == b && c != d", "((a == b) && (c != d))"),
        ("!a && b", "((!a) && b)"),
        // Level 11: ternary loosest, right-associative.
        ("a ? b : c", "(a ? b : c)"),
        ("a || b ? c : d", "((a || b) ? c : d)"),
        ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
        ("a ? b ? c : d : e", "(a ? (b ? c : d) : e)"),
        ("a ? b || c : d && e", "(a ? (b || c) : (d && e))"),
        // Parentheses override everything.
        ("(a + b) * c", "((a + b) * c)"),
        ("!(a || b)", "(!(a || b))"),
        ("(a ? b : c).d", "((a ? b : c).d)"),
        ("-(1)", "(-1)"),
        // Calls, slices, maps and lists as operands.
        ("f() + g(1, 2)", "(f() + g(1, 2))"),
        ("x[1:2] == [1]", "((x[1:2]) == [1])"),
        ("{'a': 1 + 2}.size()", "({'a': (1 + 2)}.size())"),
        ("request.time < timestamp.date(2030, 1, 1)", "((request.time) < (timestamp.date(2030, 1, 1)))"),
        // Reserved words are fine as member names.
        ("data.match && data.in", "((data.match) && (data.in))"),
        ("1 + 2 * 3 - 4 / 5 % 6", "((1 + (2 * 3)) - ((4 / 5) % 6))"),
    ])
    func precedence(source: String, expected: String) {
        #expect(RulesSyntaxTestSupport.printed(source) == expected)
    }

    /// Every binary operator of the shared enum parses into its own case.
    @Test func everyBinaryOperator() throws {
        for op in RuleBinaryOperator.allCases {
            let expression = try RulesSyntaxTestSupport.condition("a \(op.rawValue) b")
            #expect(expression.kind == .binary(op, expression.kind.children[0], expression.kind.children[1]))
        }
    }

    /// Every type name of the shared enum is accepted after `is`.
    @Test func everyTypeName() throws {
        for type in RuleTypeName.allCases {
            #expect(RulesSyntaxTestSupport.printed("x is \(type.rawValue)") == "(x is \(type.rawValue))")
        }
        #expect(RulesSyntaxTestSupport.printed("x is null").contains("expected a type name"))
    }

    /// Expression ids are unique and follow source order (parent before children).
    @Test func idsFollowSourceOrder() throws {
        let expression = try RulesSyntaxTestSupport.condition("a + b * c")
        #expect(expression.id == 0)
        guard case .binary(_, let left, let right) = expression.kind,
            case .binary(_, let middle, let last) = right.kind
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect([left.id, right.id, middle.id, last.id] == [1, 2, 3, 4])
        #expect(expression.range == SourceRange(
            start: SourcePosition(line: 4, column: 31), end: SourcePosition(line: 4, column: 40)))
        #expect(right.range.start.column == 35)
    }
}
