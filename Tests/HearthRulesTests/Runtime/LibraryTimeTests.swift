import Testing

@testable import HearthRules

/// `rules.Timestamp`, `rules.Duration` and their namespaces.
@Suite struct LibraryTimeTests {
    /// 2024-02-29T13:45:30.123456789Z, a Thursday, day 60 of a leap year.
    private let leapDay = timestamp(1_709_214_330, nanos: 123_456_789)

    /// Calendar fields.
    @Test func calendarFields() {
        #expect(yields(2024) { try callMethod("year", leapDay) })
        #expect(yields(2) { try callMethod("month", leapDay) })
        #expect(yields(29) { try callMethod("day", leapDay) })
        #expect(yields(13) { try callMethod("hours", leapDay) })
        #expect(yields(45) { try callMethod("minutes", leapDay) })
        #expect(yields(30) { try callMethod("seconds", leapDay) })
        #expect(yields(123_456_789) { try callMethod("nanos", leapDay) })
        #expect(yields(4) { try callMethod("dayOfWeek", leapDay) })
        #expect(yields(60) { try callMethod("dayOfYear", leapDay) })
        #expect(yields(1_709_214_330_123) { try callMethod("toMillis", leapDay) })
        #expect(errorOf { try callMethod("year", leapDay, 1) }?.kind == .argumentCount)
        #expect(errorOf { try callMethod("millis", leapDay) }?.kind == .functionNotFound)
    }

    /// Fields before the epoch.
    @Test func fieldsBeforeTheEpoch() {
        // 1969-12-31T23:59:59Z: a Wednesday, day 365.
        let time = timestamp(-1)
        #expect(yields(1969) { try callMethod("year", time) })
        #expect(yields(12) { try callMethod("month", time) })
        #expect(yields(31) { try callMethod("day", time) })
        #expect(yields(23) { try callMethod("hours", time) })
        #expect(yields(3) { try callMethod("dayOfWeek", time) })
        #expect(yields(365) { try callMethod("dayOfYear", time) })
        #expect(yields(-1_000) { try callMethod("toMillis", time) })
    }

    /// Date and time of day.
    @Test func dateAndTimeOfDay() {
        #expect(yields(timestamp(1_709_164_800)) { try callMethod("date", leapDay) })
        #expect(yields(duration(49_530, nanos: 123_456_789)) { try callMethod("time", leapDay) })
    }

    /// Timestamp namespace.
    @Test func timestampNamespace() {
        #expect(yields(timestamp(441_849_600)) { try callFunction("timestamp.date", 1984, 1, 2) })
        #expect(yields(timestamp(-62_135_596_800)) { try callFunction("timestamp.date", 1, 1, 1) })
        #expect(errorOf { try callFunction("timestamp.date", 2023, 2, 29) }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("timestamp.date", 2023, 13, 1) }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("timestamp.date", 2023, 1) }?.kind == .argumentCount)
        #expect(yields(timestamp(60)) { try callFunction("timestamp.value", 60_000) })
        #expect(yields(timestamp(-1, nanos: 999_000_000)) { try callFunction("timestamp.value", -1) })
        #expect(errorOf { try callFunction("timestamp.value", "1") }?.kind == .unsupportedOperation)
        #expect(errorOf { try callFunction("timestamp.value", .int(.max)) }?.kind == .overflow)
    }

    /// Time window example.
    @Test func timeWindowExample() {
        // request.time < timestamp.date(2030, 1, 1)
        let limit = valueOf { try callFunction("timestamp.date", 2030, 1, 1) } ?? nil
        #expect(yields(true) { try RuleOperations.binary(.less, timestamp(1_893_455_999), limit) })
        #expect(yields(false) { try RuleOperations.binary(.less, timestamp(1_893_456_000), limit) })
    }

    /// Duration value units.
    @Test func durationValueUnits() {
        #expect(yields(duration(604_800)) { try callFunction("duration.value", 1, "w") })
        #expect(yields(duration(172_800)) { try callFunction("duration.value", 2, "d") })
        #expect(yields(duration(3_600)) { try callFunction("duration.value", 1, "h") })
        #expect(yields(duration(60)) { try callFunction("duration.value", 1, "m") })
        #expect(yields(duration(1, nanos: 500_000_000)) { try callFunction("duration.value", 1_500, "ms") })
        #expect(yields(duration(0, nanos: -5)) { try callFunction("duration.value", -5, "ns") })
        #expect(errorOf { try callFunction("duration.value", 1, "y") }?.kind == .invalidArgument)
        #expect(errorOf { try callFunction("duration.value", .int(.max), "w") }?.kind == .overflow)
        #expect(errorOf { try callFunction("duration.value", 1.5, "s") }?.kind == .unsupportedOperation)
    }

    /// Duration parts.
    @Test func durationParts() {
        let span = valueOf { try callFunction("duration.value", 1_500, "ms") } ?? nil
        #expect(yields(1) { try callMethod("seconds", span) })
        #expect(yields(500_000_000) { try callMethod("nanos", span) })
        let negative = valueOf { try callFunction("duration.value", -1_500, "ms") } ?? nil
        #expect(yields(-1) { try callMethod("seconds", negative) })
        #expect(yields(-500_000_000) { try callMethod("nanos", negative) })
        #expect(errorOf { try callMethod("hours", span) }?.kind == .functionNotFound)
    }

    /// Duration time and abs.
    @Test func durationTimeAndAbs() {
        #expect(yields(duration(3_723, nanos: 4)) { try callFunction("duration.time", 1, 2, 3, 4) })
        #expect(errorOf { try callFunction("duration.time", 1, 2, 3) }?.kind == .argumentCount)
        #expect(yields(duration(10)) { try callFunction("duration.abs", duration(-10)) })
        #expect(yields(duration(10)) { try callFunction("duration.abs", duration(10)) })
        #expect(errorOf { try callFunction("duration.abs", 10) }?.kind == .unsupportedOperation)
    }

    /// Timestamp difference equals duration.
    @Test func timestampDifferenceEqualsDuration() {
        // timestamp.value(60000) - timestamp.value(0) == duration.value(60, 's')
        let later = valueOf { try callFunction("timestamp.value", 60_000) } ?? nil
        let origin = valueOf { try callFunction("timestamp.value", 0) } ?? nil
        let minute = valueOf { try callFunction("duration.value", 60, "s") } ?? nil
        #expect(
            yields(true) { try RuleOperations.binary(.equal, RuleOperations.binary(.subtract, later, origin), minute) })
    }
}
