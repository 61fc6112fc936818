#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `math` namespace.
extension RuleStandardLibrary {
    /// Dispatches `math.<name>`; nil for names the namespace lacks.
    static func mathFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "abs":
            let call = RuleCall(name: "math.abs", arguments: arguments, expected: "math.abs(int), math.abs(float)")
            try call.require(1)
            switch arguments[0] {
            case .int(let value):
                guard value != .min else { throw RuleError.integerOverflow(converting: "math.abs(\(value))") }
                return .int(Swift.abs(value))
            case .float(let value):
                return .float(Swift.abs(value))
            default:
                throw call.typeError
            }
        case "ceil":
            return try rounded(name, arguments, rule: .up)
        case "floor":
            return try rounded(name, arguments, rule: .down)
        case "round":
            return try rounded(name, arguments, rule: .toNearestOrAwayFromZero)
        case "sqrt":
            let call = RuleCall(name: "math.sqrt", arguments: arguments, expected: "math.sqrt(float)")
            try call.require(1)
            return .float(try call.number(0).squareRoot())
        case "pow":
            let call = RuleCall(name: "math.pow", arguments: arguments, expected: "math.pow(float, float)")
            try call.require(2)
            return .float(pow(try call.number(0), try call.number(1)))
        case "isNaN":
            return .bool(try floatArgument(name, arguments).isNaN)
        case "isInfinite":
            return .bool(try floatArgument(name, arguments).isInfinite)
        default:
            return nil
        }
    }

    /// `math.ceil/floor/round`: an int stays as is; a float is rounded by `rule` into an int.
    private static func rounded(
        _ name: String, _ arguments: [RuleValue], rule: FloatingPointRoundingRule
    ) throws(RuleError) -> RuleValue {
        let call = RuleCall(
            name: "math.\(name)", arguments: arguments, expected: "math.\(name)(int), math.\(name)(float)")
        try call.require(1)
        switch arguments[0] {
        case .int(let value):
            return .int(value)
        case .float(let value):
            return .int(try integer(fromFloat: value.rounded(rule), function: "math.\(name)"))
        default:
            throw call.typeError
        }
    }

    /// The single float argument of `math.isNaN` / `math.isInfinite` (ints are refused).
    private static func floatArgument(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> Double {
        let call = RuleCall(name: "math.\(name)", arguments: arguments, expected: "math.\(name)(float)")
        try call.require(1)
        guard case .float(let value) = arguments[0] else { throw call.typeError }
        return value
    }

    /// An integral double as an int; NaN, infinities and values beyond 64 bits are overflow errors.
    static func integer(fromFloat value: Double, function: String) throws(RuleError) -> Int64 {
        // 2^63 is exactly representable; every double below it and at or above -2^63 fits.
        guard value.isFinite, value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else {
            throw RuleError.integerOverflow(converting: "\(function)(\(RuleValue.formatFloat(value)))")
        }
        return Int64(value)
    }
}
