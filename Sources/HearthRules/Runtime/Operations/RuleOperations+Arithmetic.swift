/// `+`, `-`, `*`, `/`, `%` on numbers, strings, timestamps and durations.
extension RuleOperations {
    /// `lhs + rhs`: numbers, string concatenation, timestamp + duration, duration + duration.
    static func add(_ lhs: RuleValue, _ rhs: RuleValue) throws(RuleError) -> RuleValue {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            if overflow { throw RuleError.integerOverflow(a, "+", b) }
            return .int(sum)
        case (.string(let a), .string(let b)):
            return .string(a + b)
        case (.timestamp(let time), .duration(let span)), (.duration(let span), .timestamp(let time)):
            return .timestamp(try time.adding(span))
        case (.duration(let a), .duration(let b)):
            return .duration(try a.adding(b))
        default:
            if case (let a, let b)? = floatOperands(lhs, rhs) { return .float(a + b) }
            throw arithmeticError(lhs, "+", rhs)
        }
    }

    /// `lhs - rhs`: numbers, timestamp − duration, timestamp − timestamp (a duration), duration − duration.
    static func subtract(_ lhs: RuleValue, _ rhs: RuleValue) throws(RuleError) -> RuleValue {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            if overflow { throw RuleError.integerOverflow(a, "-", b) }
            return .int(difference)
        case (.timestamp(let time), .duration(let span)):
            return .timestamp(try time.adding(span.negated))
        case (.timestamp(let a), .timestamp(let b)):
            return .duration(try a.distance(from: b))
        case (.duration(let a), .duration(let b)):
            return .duration(try a.adding(b.negated))
        default:
            if case (let a, let b)? = floatOperands(lhs, rhs) { return .float(a - b) }
            throw arithmeticError(lhs, "-", rhs)
        }
    }

    /// `*`, `/`, `%` on numbers: int results truncate toward zero, a float operand makes a float.
    static func multiplicative(
        _ op: RuleBinaryOperator, _ lhs: RuleValue, _ rhs: RuleValue
    ) throws(RuleError) -> RuleValue {
        if case .int(let a) = lhs, case .int(let b) = rhs {
            return .int(try integerArithmetic(op, a, b))
        }
        guard case (let a, let b)? = floatOperands(lhs, rhs) else { throw arithmeticError(lhs, op.rawValue, rhs) }
        switch op {
        case .multiply: return .float(a * b)
        case .divide: return .float(a / b)
        default: return .float(a.truncatingRemainder(dividingBy: b))
        }
    }

    /// Int `*`, `/`, `%` with overflow and division-by-zero errors.
    private static func integerArithmetic(_ op: RuleBinaryOperator, _ a: Int64, _ b: Int64) throws(RuleError) -> Int64 {
        let result: (partialValue: Int64, overflow: Bool)
        switch op {
        case .multiply:
            result = a.multipliedReportingOverflow(by: b)
        case .divide:
            guard b != 0 else { throw RuleError.divideByZero }
            result = a.dividedReportingOverflow(by: b)
        default:
            guard b != 0 else { throw RuleError.divideByZero }
            // Int64.min % -1 is mathematically 0; Swift reports it as an overflow, so answer directly.
            if b == -1 { return 0 }
            result = a.remainderReportingOverflow(dividingBy: b)
        }
        if result.overflow { throw RuleError.integerOverflow(a, op.rawValue, b) }
        return result.partialValue
    }

    /// Both operands as doubles when both are numbers and at least one is a float.
    private static func floatOperands(_ lhs: RuleValue, _ rhs: RuleValue) -> (Double, Double)? {
        switch (lhs, rhs) {
        case (.float(let a), .float(let b)): return (a, b)
        case (.int(let a), .float(let b)): return (Double(a), b)
        case (.float(let a), .int(let b)): return (a, Double(b))
        default: return nil
        }
    }

    /// The error for an arithmetic operator on operands it does not accept (`null` gets its own).
    private static func arithmeticError(_ lhs: RuleValue, _ operatorText: String, _ rhs: RuleValue) -> RuleError {
        if lhs.isNull || rhs.isNull { return RuleError.nullValue }
        return RuleError.unsupported(lhs, operatorText, rhs)
    }
}
