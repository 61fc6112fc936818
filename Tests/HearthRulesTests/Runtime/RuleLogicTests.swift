import Testing

@testable import HearthRules

/// `&&`, `||`, `!` and conditions with section 2.4's error semantics.
@Suite struct RuleLogicTests {
    /// An operand that fails like a missing field.
    private func failing() throws(RuleError) -> RuleValue { throw RuleError.undefinedProperty("missing") }

    /// And absorbs an error when the other side is false.
    @Test func andAbsorbsAnErrorWhenTheOtherSideIsFalse() {
        #expect(yields(false) { try RuleLogic.and({ false }, failing) })
        #expect(yields(false) { try RuleLogic.and(failing, { false }) })
        #expect(errorOf { try RuleLogic.and({ true }, failing) } == .undefinedProperty("missing"))
        #expect(errorOf { try RuleLogic.and(failing, { true }) } == .undefinedProperty("missing"))
    }

    /// Or absorbs an error when the other side is true.
    @Test func orAbsorbsAnErrorWhenTheOtherSideIsTrue() {
        #expect(yields(true) { try RuleLogic.or({ true }, failing) })
        #expect(yields(true) { try RuleLogic.or(failing, { true }) })
        #expect(errorOf { try RuleLogic.or({ false }, failing) } == .undefinedProperty("missing"))
        #expect(errorOf { try RuleLogic.or(failing, { false }) } == .undefinedProperty("missing"))
    }

    /// Plain booleans.
    @Test func plainBooleans() {
        #expect(yields(true) { try RuleLogic.and({ true }, { true }) })
        #expect(yields(false) { try RuleLogic.and({ true }, { false }) })
        #expect(yields(false) { try RuleLogic.or({ false }, { false }) })
        #expect(yields(true) { try RuleLogic.or({ false }, { true }) })
    }

    /// First error wins when both fail.
    @Test func firstErrorWinsWhenBothFail() {
        let error = errorOf {
            try RuleLogic.and(
                { () throws(RuleError) -> RuleValue in throw RuleError.nullValue },
                { () throws(RuleError) -> RuleValue in throw RuleError.divideByZero })
        }
        #expect(error == .nullValue)
    }

    /// Right operand is not evaluated when left decides.
    @Test func rightOperandIsNotEvaluatedWhenLeftDecides() {
        var evaluated = false
        _ = valueOf {
            try RuleLogic.and({ false }) {
                evaluated = true
                return true
            }
        }
        _ = valueOf {
            try RuleLogic.or({ true }) {
                evaluated = true
                return true
            }
        }
        #expect(!evaluated)
    }

    /// Non boolean operand is an absorbable error.
    @Test func nonBooleanOperandIsAnAbsorbableError() {
        #expect(yields(false) { try RuleLogic.and({ 1 }, { false }) })
        #expect(errorOf { try RuleLogic.and({ 1 }, { true }) }?.kind == .unsupportedOperation)
        #expect(yields(true) { try RuleLogic.or({ "x" }, { true }) })
    }

    /// Not and conditions.
    @Test func notAndConditions() {
        #expect(yields(false) { try RuleLogic.not(true) })
        #expect(errorOf { try RuleLogic.not(1) }?.kind == .unsupportedOperation)
        #expect(errorOf { try RuleLogic.not(nil) }?.kind == .unsupportedOperation)
        #expect((try? RuleLogic.condition(true)) == true)
        #expect((try? RuleLogic.condition(1)) == nil)
        #expect(RuleValue.bool(true).isTrue)
        #expect(!RuleValue.int(1).isTrue)
    }

    /// Negated error stays an error.
    @Test func negatedErrorStaysAnError() {
        // `!(missing > 0 && false)` is true: the inner && absorbs the error.
        let inner = valueOf { try RuleLogic.and(failing, { false }) }
        #expect(inner == false)
        #expect(yields(true) { try RuleLogic.not(inner ?? nil) })
    }
}
