/// The operators of the rules language on already-evaluated operands (all but `&&`/`||`, which
/// need lazy operands: see `RuleLogic`).
enum RuleOperations {
    /// Applies a binary operator. `&&` and `||` are accepted for completeness and evaluate eagerly
    /// through `RuleLogic`; the evaluator should call `RuleLogic` directly to keep short-circuiting.
    static func binary(_ op: RuleBinaryOperator, _ lhs: RuleValue, _ rhs: RuleValue) throws(RuleError) -> RuleValue {
        switch op {
        case .and: return try RuleLogic.and({ lhs }, { rhs })
        case .or: return try RuleLogic.or({ lhs }, { rhs })
        case .equal: return .bool(lhs == rhs)
        case .notEqual: return .bool(lhs != rhs)
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return try compare(op, lhs, rhs)
        case .in: return try contains(rhs, lhs)
        case .add: return try add(lhs, rhs)
        case .subtract: return try subtract(lhs, rhs)
        case .multiply, .divide, .remainder: return try multiplicative(op, lhs, rhs)
        }
    }

    /// Applies a unary operator: `!` on booleans, `-` on ints (overflow-checked) and floats.
    static func unary(_ op: RuleUnaryOperator, _ operand: RuleValue) throws(RuleError) -> RuleValue {
        switch op {
        case .not:
            return try RuleLogic.not(operand)
        case .negate:
            switch operand {
            case .int(let value):
                let (result, overflow) = Int64(0).subtractingReportingOverflow(value)
                if overflow { throw RuleError.integerOverflow(0, "-", value) }
                return .int(result)
            case .float(let value):
                return .float(-value)
            case .null:
                throw RuleError.nullValue
            default:
                throw RuleError.unsupported(received: "-\(operand.typeName)", expected: "-int, -float")
            }
        }
    }

    /// `value is type`.
    static func isType(_ value: RuleValue, _ type: RuleTypeName) -> RuleValue {
        .bool(value.isType(type))
    }

    /// `lhs < rhs` and friends, for numbers, strings, timestamps and durations.
    static func compare(_ op: RuleBinaryOperator, _ lhs: RuleValue, _ rhs: RuleValue) throws(RuleError) -> RuleValue {
        guard let ordering = RuleValue.order(lhs, rhs) else {
            throw RuleError.unsupported(lhs, op.rawValue, rhs)
        }
        switch (op, ordering) {
        case (_, .unordered): return .bool(false)
        case (.less, _): return .bool(ordering == .less)
        case (.lessOrEqual, _): return .bool(ordering != .greater)
        case (.greater, _): return .bool(ordering == .greater)
        case (.greaterOrEqual, _): return .bool(ordering != .less)
        default: throw RuleError.unsupported(lhs, op.rawValue, rhs)
        }
    }

    /// `element in collection`: list and set membership, map key membership (keys must be strings).
    static func contains(_ collection: RuleValue, _ element: RuleValue) throws(RuleError) -> RuleValue {
        switch collection {
        case .list(let elements):
            return .bool(elements.contains(element))
        case .set(let set):
            return .bool(set.contains(element))
        case .map(let fields):
            guard case .string(let key) = element else {
                throw RuleError.unsupported(received: "map.in(\(element.typeName))", expected: "map.in(string)")
            }
            return .bool(fields[key] != nil)
        case .null:
            throw RuleError.nullValue
        default:
            throw RuleError.functionNotFound("in")
        }
    }
}
