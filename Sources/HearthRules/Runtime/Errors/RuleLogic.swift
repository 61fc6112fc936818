/// The boolean operators with the error semantics of section 2.4: `&&`/`||` short-circuit and
/// absorb an error when the other operand decides the result; `!` and conditions propagate errors.
///
/// Operands are closures so that the right one is evaluated only when the left one does not
/// decide the result (no `get()` is spent needlessly). A non-boolean operand counts as an error.
enum RuleLogic {
    /// `lhs && rhs`: `false && E` and `E && false` are false; `true && E`, `E && true` are errors.
    static func and(
        _ lhs: () throws(RuleError) -> RuleValue, _ rhs: () throws(RuleError) -> RuleValue
    ) throws(RuleError) -> RuleValue {
        try combine(lhs, rhs, operatorText: "&&", deciding: false)
    }

    /// `lhs || rhs`: `true || E` and `E || true` are true; `false || E`, `E || false` are errors.
    static func or(
        _ lhs: () throws(RuleError) -> RuleValue, _ rhs: () throws(RuleError) -> RuleValue
    ) throws(RuleError) -> RuleValue {
        try combine(lhs, rhs, operatorText: "||", deciding: true)
    }

    /// `!operand`: negates a boolean; anything else (including an error) is an error.
    static func not(_ operand: RuleValue) throws(RuleError) -> RuleValue {
        guard case .bool(let value) = operand else {
            throw RuleError.unsupported(received: "!\(operand.typeName)", expected: "!bool")
        }
        return .bool(!value)
    }

    /// The boolean a ternary condition (or any boolean-only position) holds; errors otherwise.
    static func condition(_ value: RuleValue) throws(RuleError) -> Bool {
        guard case .bool(let flag) = value else {
            throw RuleError.unsupported(received: "\(value.typeName) ? _ : _", expected: "bool ? _ : _")
        }
        return flag
    }

    /// Shared `&&`/`||`: `deciding` is the operand value that fixes the result by itself.
    private static func combine(
        _ lhs: () throws(RuleError) -> RuleValue, _ rhs: () throws(RuleError) -> RuleValue,
        operatorText: String, deciding: Bool
    ) throws(RuleError) -> RuleValue {
        let left = booleanOrError(lhs, operatorText: operatorText)
        if case .success(let value) = left, value == deciding { return .bool(deciding) }
        let right = booleanOrError(rhs, operatorText: operatorText)
        switch (left, right) {
        case (_, .success(let value)) where value == deciding:
            return .bool(deciding)
        case (.success, .success(let value)):
            return .bool(value)
        case (.failure(let error), _):
            throw error
        case (_, .failure(let error)):
            throw error
        }
    }

    /// Evaluates an operand, turning a non-boolean value into an error.
    private static func booleanOrError(
        _ operand: () throws(RuleError) -> RuleValue, operatorText: String
    ) -> Result<Bool, RuleError> {
        do throws(RuleError) {
            let value = try operand()
            guard case .bool(let flag) = value else {
                return .failure(
                    RuleError.unsupported(
                        received: "\(value.typeName) \(operatorText) _", expected: "bool \(operatorText) bool"))
            }
            return .success(flag)
        } catch {
            return .failure(error)
        }
    }
}
