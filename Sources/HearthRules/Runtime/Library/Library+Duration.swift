/// `rules.Duration` methods and the `duration` namespace.
extension RuleStandardLibrary {
    /// Dispatches a duration method; nil when durations have no method of that name.
    static func durationMethod(_ name: String, _ span: RuleDuration, _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        let result: RuleValue
        switch name {
        case "seconds": result = .int(span.seconds)
        case "nanos": result = .int(Int64(span.nanos))
        default: return nil
        }
        try RuleCall(name: "duration.\(name)", arguments: arguments, expected: "duration.\(name)()").require(0)
        return result
    }

    /// Dispatches `duration.value`, `duration.time` and `duration.abs`; nil for other names.
    static func durationFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "value":
            let call = RuleCall(name: "duration.value", arguments: arguments, expected: "duration.value(int, string)")
            try call.require(2)
            return .duration(try duration(count: call.int(0), unit: call.string(1)))
        case "time":
            let call = RuleCall(
                name: "duration.time", arguments: arguments, expected: "duration.time(int, int, int, int)")
            try call.require(4)
            let hours = try duration(count: call.int(0), unit: "h")
            let minutes = try duration(count: call.int(1), unit: "m")
            let seconds = try duration(count: call.int(2), unit: "s")
            let nanos = try duration(count: call.int(3), unit: "ns")
            return .duration(try hours.adding(minutes).adding(seconds).adding(nanos))
        case "abs":
            let call = RuleCall(name: "duration.abs", arguments: arguments, expected: "duration.abs(duration)")
            try call.require(1)
            guard case .duration(let span) = arguments[0] else { throw call.typeError }
            return .duration(span.magnitude)
        default:
            return nil
        }
    }

    /// `count` units as a duration; units are `w`, `d`, `h`, `m`, `s`, `ms`, `ns`.
    static func duration(count: Int64, unit: String) throws(RuleError) -> RuleDuration {
        let secondsPerUnit: Int64
        switch unit {
        case "w": secondsPerUnit = 604_800
        case "d": secondsPerUnit = 86_400
        case "h": secondsPerUnit = 3_600
        case "m": secondsPerUnit = 60
        case "s": secondsPerUnit = 1
        case "ms":
            let (seconds, millis) = count.quotientAndRemainder(dividingBy: 1_000)
            return try RuleDuration(seconds: seconds, nanos: millis * 1_000_000)
        case "ns":
            return try RuleDuration(seconds: 0, nanos: count)
        default:
            throw RuleError.invalidArgument(
                "duration.value", "Unknown unit '\(unit)'; expected one of w, d, h, m, s, ms, ns.")
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: secondsPerUnit)
        guard !overflow else { throw RuleError.durationOutOfRange }
        return try RuleDuration(seconds: seconds, nanos: 0)
    }
}
