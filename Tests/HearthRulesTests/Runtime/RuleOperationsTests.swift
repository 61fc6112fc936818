import Testing

@testable import HearthRules

/// Binary and unary operators.
@Suite struct RuleOperationsTests {
    /// Applies `op` to two operands.
    private func apply(_ lhs: RuleValue, _ op: RuleBinaryOperator, _ rhs: RuleValue) throws(RuleError) -> RuleValue {
        try RuleOperations.binary(op, lhs, rhs)
    }

    /// Integer arithmetic truncates toward zero.
    @Test func integerArithmeticTruncatesTowardZero() {
        #expect(yields(2) { try apply(5, .divide, 2) })
        #expect(yields(-3) { try apply(-7, .divide, 2) })
        #expect(yields(-1) { try apply(-7, .remainder, 2) })
        #expect(yields(7) { try apply(3, .add, 4) })
        #expect(yields(-1) { try apply(3, .subtract, 4) })
        #expect(yields(12) { try apply(3, .multiply, 4) })
    }

    /// Float operand makes a float.
    @Test func floatOperandMakesAFloat() {
        #expect(yields(2.5) { try apply(10, .divide, 4.0) })
        #expect(yields(3.5) { try apply(1.5, .add, 2) })
        #expect(yields(1.5) { try apply(7.5, .remainder, 2) })
        #expect(yields(.float(.infinity)) { try apply(1.0, .divide, 0) })
    }

    /// Integer division by zero is an error.
    @Test func integerDivisionByZeroIsAnError() {
        #expect(errorOf { try apply(1, .divide, 0) }?.message == "Divide by zero error.")
        #expect(errorOf { try apply(1, .remainder, 0) } == .divideByZero)
    }

    /// Integer overflow is an error.
    @Test func integerOverflowIsAnError() {
        #expect(errorOf { try apply(.int(.max), .add, 1) }?.kind == .overflow)
        #expect(errorOf { try apply(.int(.min), .subtract, 1) }?.kind == .overflow)
        #expect(errorOf { try apply(.int(.max), .multiply, 2) }?.kind == .overflow)
        #expect(errorOf { try apply(.int(.min), .divide, -1) }?.kind == .overflow)
        #expect(yields(0) { try apply(.int(.min), .remainder, -1) })
        #expect(errorOf { try RuleOperations.unary(.negate, .int(.min)) }?.kind == .overflow)
        #expect(yields(.int(-.max)) { try RuleOperations.unary(.negate, .int(.max)) })
    }

    /// String concatenation but no list addition.
    @Test func stringConcatenationButNoListAddition() {
        #expect(yields("ab") { try apply("a", .add, "b") })
        #expect(
            errorOf { try apply([1], .add, [2]) }?.message
                == "Unsupported operation error. Received: list + list.")
        #expect(errorOf { try apply("a", .add, 1) }?.kind == .unsupportedOperation)
        #expect(errorOf { try apply(nil, .add, 1) } == .nullValue)
    }

    /// Timestamp and duration arithmetic.
    @Test func timestampAndDurationArithmetic() {
        #expect(yields(timestamp(70, nanos: 500)) { try apply(timestamp(10, nanos: 500), .add, duration(60)) })
        #expect(yields(timestamp(9, nanos: 999_999_999)) { try apply(timestamp(10), .subtract, duration(0, nanos: 1)) })
        #expect(
            yields(duration(-1, nanos: -500_000_000)) {
                try apply(timestamp(10), .subtract, timestamp(11, nanos: 500_000_000))
            })
        #expect(
            yields(duration(3)) { try apply(duration(1, nanos: 500_000_000), .add, duration(1, nanos: 500_000_000)) })
        #expect(yields(duration(0, nanos: -1)) { try apply(duration(1), .subtract, duration(1, nanos: 1)) })
        #expect(errorOf { try apply(timestamp(RuleTimestamp.maxSeconds), .add, duration(1)) }?.kind == .overflow)
        #expect(errorOf { try apply(timestamp(1), .add, 1) }?.kind == .unsupportedOperation)
    }

    /// Comparisons.
    @Test func comparisons() {
        #expect(yields(true) { try apply(1, .less, 1.5) })
        #expect(yields(true) { try apply(2.0, .lessOrEqual, 2) })
        #expect(yields(false) { try apply("b", .less, "a") })
        #expect(yields(true) { try apply("b", .greaterOrEqual, "b") })
        #expect(yields(true) { try apply(timestamp(2), .greater, timestamp(1)) })
        #expect(yields(false) { try apply(.float(.nan), .less, 1) })
        #expect(yields(false) { try apply(.float(.nan), .greaterOrEqual, 1) })
        #expect(
            errorOf { try apply(timestamp(1), .less, 1) }?.message
                == "Unsupported operation error. Received: timestamp < int.")
        #expect(errorOf { try apply(true, .less, false) }?.kind == .unsupportedOperation)
        #expect(errorOf { try apply(nil, .greater, 1) }?.kind == .unsupportedOperation)
    }

    /// Equality never errors.
    @Test func equalityNeverErrors() {
        #expect(yields(true) { try apply(1, .equal, 1.0) })
        #expect(yields(false) { try apply("1", .equal, 1) })
        #expect(yields(true) { try apply(nil, .notEqual, ["uid": "a"]) })
        #expect(yields(true) { try apply(["a": [1, 2]], .equal, ["a": [1.0, 2.0]]) })
    }

    /// Membership.
    @Test func membership() {
        #expect(yields(true) { try apply("a", .in, ["b", "a"]) })
        #expect(yields(true) { try apply(1.0, .in, [1]) })
        #expect(yields(false) { try apply("c", .in, ["b", "a"]) })
        #expect(yields(true) { try apply("k", .in, ["k": nil]) })
        #expect(yields(false) { try apply("toString", .in, ["k": 1]) })
        #expect(yields(true) { try apply(2, .in, RuleValue.set(of: [1, 2])) })
        #expect(
            errorOf { try apply(1, .in, ["k": 1]) }?.message
                == "Unsupported operation error. Received: map.in(int). Expected: map.in(string).")
        #expect(errorOf { try apply("a", .in, "abc") }?.message == "Function not found error: Name: [in].")
        #expect(errorOf { try apply("a", .in, nil) } == .nullValue)
    }

    /// Unary operators.
    @Test func unaryOperators() {
        #expect(yields(-2.5) { try RuleOperations.unary(.negate, 2.5) })
        #expect(yields(false) { try RuleOperations.unary(.not, true) })
        #expect(errorOf { try RuleOperations.unary(.negate, "a") }?.kind == .unsupportedOperation)
        #expect(errorOf { try RuleOperations.unary(.not, 1) }?.kind == .unsupportedOperation)
        #expect(errorOf { try RuleOperations.unary(.negate, nil) } == .nullValue)
    }

    /// Is operator.
    @Test func isOperator() {
        #expect(RuleOperations.isType(5, .int) == true)
        #expect(RuleOperations.isType(4.5, .int) == false)
        #expect(RuleOperations.isType("5", .string) == true)
    }

    /// Short circuit operators through binary.
    @Test func shortCircuitOperatorsThroughBinary() {
        #expect(yields(false) { try apply(false, .and, 1) })
        #expect(yields(true) { try apply(1, .or, true) })
    }
}
