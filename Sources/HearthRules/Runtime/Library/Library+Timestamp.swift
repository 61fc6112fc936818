/// `rules.Timestamp` methods and the `timestamp` namespace.
extension RuleStandardLibrary {
    /// Dispatches a timestamp method; nil when timestamps have no method of that name.
    static func timestampMethod(_ name: String, _ time: RuleTimestamp, _ arguments: [RuleValue]) throws(RuleError)
        -> RuleValue?
    {
        let result: RuleValue
        switch name {
        case "year": result = .int(time.civilDate.year)
        case "month": result = .int(time.civilDate.month)
        case "day": result = .int(time.civilDate.day)
        case "hours": result = .int(time.secondOfDay / 3_600)
        case "minutes": result = .int(time.secondOfDay % 3_600 / 60)
        case "seconds": result = .int(time.secondOfDay % 60)
        case "nanos": result = .int(Int64(time.nanos))
        case "dayOfWeek": result = .int(CivilCalendar.isoWeekday(fromDays: time.epochDay))
        case "dayOfYear":
            let date = time.civilDate
            result = .int(time.epochDay - CivilCalendar.days(year: date.year, month: 1, day: 1) + 1)
        case "toMillis": result = .int(time.epochMilliseconds)
        case "date":
            result = .timestamp(RuleTimestamp(uncheckedSeconds: time.epochDay * RuleTimestamp.secondsPerDay, nanos: 0))
        case "time":
            result = .duration(try RuleDuration(seconds: time.secondOfDay, nanos: Int64(time.nanos)))
        default:
            return nil
        }
        try RuleCall(name: "timestamp.\(name)", arguments: arguments, expected: "timestamp.\(name)()").require(0)
        return result
    }

    /// Dispatches `timestamp.date(y, m, d)` and `timestamp.value(millis)`; nil for other names.
    static func timestampFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        switch name {
        case "date":
            let call = RuleCall(name: "timestamp.date", arguments: arguments, expected: "timestamp.date(int, int, int)")
            try call.require(3)
            let (year, month, day) = (try call.int(0), try call.int(1), try call.int(2))
            guard year >= 1, year <= 9_999, month >= 1, month <= 12, day >= 1,
                day <= CivilCalendar.daysInMonth(year: year, month: month)
            else {
                throw RuleError.invalidArgument(
                    "timestamp.date", "There is no date \(year)-\(month)-\(day) between 0001-01-01 and 9999-12-31.")
            }
            let days = CivilCalendar.days(year: year, month: month, day: day)
            return .timestamp(try RuleTimestamp(seconds: days * RuleTimestamp.secondsPerDay, nanos: 0))
        case "value":
            let call = RuleCall(name: "timestamp.value", arguments: arguments, expected: "timestamp.value(int)")
            try call.require(1)
            return .timestamp(try RuleTimestamp(epochMilliseconds: call.int(0)))
        default:
            return nil
        }
    }
}
