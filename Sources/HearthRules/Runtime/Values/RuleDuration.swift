/// A rules `duration`: a signed span with nanosecond precision; seconds and nanos share one sign.
struct RuleDuration: Sendable, Hashable, Comparable {
    /// Whole seconds, -315,576,000,000 … 315,576,000,000.
    let seconds: Int64
    /// The sub-second part, -999,999,999 … 999,999,999, with the sign of `seconds` (or any sign when 0).
    let nanos: Int32

    /// The largest magnitude of `seconds` (10,000 years), as protobuf's Duration allows.
    static let maxSeconds: Int64 = 315_576_000_000
    /// Nanoseconds in a second.
    static let nanosPerSecond: Int64 = 1_000_000_000

    /// Creates a duration from any seconds/nanos pair, normalising it; fails when out of range.
    init(seconds: Int64, nanos: Int64) throws(RuleError) {
        let (carry, remainder) = nanos.quotientAndRemainder(dividingBy: RuleDuration.nanosPerSecond)
        let (sum, overflow) = seconds.addingReportingOverflow(carry)
        guard !overflow else { throw RuleError.durationOutOfRange }
        var wholeSeconds = sum
        var subSecond = remainder
        if wholeSeconds > 0 && subSecond < 0 {
            wholeSeconds -= 1
            subSecond += RuleDuration.nanosPerSecond
        } else if wholeSeconds < 0 && subSecond > 0 {
            wholeSeconds += 1
            subSecond -= RuleDuration.nanosPerSecond
        }
        guard wholeSeconds >= -RuleDuration.maxSeconds, wholeSeconds <= RuleDuration.maxSeconds else {
            throw RuleError.durationOutOfRange
        }
        self.seconds = wholeSeconds
        self.nanos = Int32(subSecond)
    }

    /// The zero duration.
    static let zero = RuleDuration(normalizedSeconds: 0, nanos: 0)

    /// Creates a duration from parts already normalised.
    private init(normalizedSeconds seconds: Int64, nanos: Int32) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// Orders shortest (most negative) first; normalisation makes the pair order numeric.
    static func < (lhs: RuleDuration, rhs: RuleDuration) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    /// `self + other`, failing when out of range.
    func adding(_ other: RuleDuration) throws(RuleError) -> RuleDuration {
        try RuleDuration(seconds: seconds + other.seconds, nanos: Int64(nanos) + Int64(other.nanos))
    }

    /// `-self` (always representable: the range is symmetric).
    var negated: RuleDuration { RuleDuration(normalizedSeconds: -seconds, nanos: -nanos) }

    /// The absolute value.
    var magnitude: RuleDuration { self < .zero ? negated : self }
}
