/// A rules `timestamp`: UTC, nanosecond precision, within 0001-01-01 … 9999-12-31.
struct RuleTimestamp: Sendable, Hashable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    let seconds: Int64
    /// Nanoseconds within the second, 0 … 999,999,999.
    let nanos: Int32

    /// The earliest representable second (0001-01-01T00:00:00Z).
    static let minSeconds: Int64 = -62_135_596_800
    /// The latest representable second (9999-12-31T23:59:59Z).
    static let maxSeconds: Int64 = 253_402_300_799
    /// Seconds in a day.
    static let secondsPerDay: Int64 = 86_400

    /// Creates a timestamp, failing when it falls outside the representable range.
    init(seconds: Int64, nanos: Int32) throws(RuleError) {
        guard nanos >= 0, nanos < 1_000_000_000, seconds >= RuleTimestamp.minSeconds,
            seconds <= RuleTimestamp.maxSeconds
        else {
            throw RuleError.timestampOutOfRange
        }
        self.seconds = seconds
        self.nanos = nanos
    }

    /// Creates a timestamp from parts already known to be valid (a stored timestamp).
    init(uncheckedSeconds seconds: Int64, nanos: Int32) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// The timestamp `milliseconds` after the epoch (`timestamp.value`).
    init(epochMilliseconds milliseconds: Int64) throws(RuleError) {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1_000)
        let seconds = remainder < 0 ? quotient - 1 : quotient
        let millis = remainder < 0 ? remainder + 1_000 : remainder
        try self.init(seconds: seconds, nanos: Int32(millis * 1_000_000))
    }

    /// Orders chronologically.
    static func < (lhs: RuleTimestamp, rhs: RuleTimestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    /// Days since the epoch of this timestamp's UTC date.
    var epochDay: Int64 {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: RuleTimestamp.secondsPerDay)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Seconds elapsed since this timestamp's UTC midnight, 0 … 86,399.
    var secondOfDay: Int64 { seconds - epochDay * RuleTimestamp.secondsPerDay }

    /// The UTC calendar date.
    var civilDate: CivilCalendar.Date { CivilCalendar.date(fromDays: epochDay) }

    /// Milliseconds since the epoch, rounded toward negative infinity.
    var epochMilliseconds: Int64 { seconds * 1_000 + Int64(nanos / 1_000_000) }

    /// This timestamp moved by `duration`; fails when the result leaves the representable range.
    func adding(_ duration: RuleDuration) throws(RuleError) -> RuleTimestamp {
        var totalSeconds = seconds + duration.seconds
        var totalNanos = Int64(nanos) + Int64(duration.nanos)
        if totalNanos < 0 {
            totalNanos += 1_000_000_000
            totalSeconds -= 1
        } else if totalNanos >= 1_000_000_000 {
            totalNanos -= 1_000_000_000
            totalSeconds += 1
        }
        return try RuleTimestamp(seconds: totalSeconds, nanos: Int32(totalNanos))
    }

    /// The span from `other` to this timestamp (`self - other`).
    func distance(from other: RuleTimestamp) throws(RuleError) -> RuleDuration {
        try RuleDuration(seconds: seconds - other.seconds, nanos: Int64(nanos) - Int64(other.nanos))
    }
}
