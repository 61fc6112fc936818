/// Proleptic Gregorian calendar arithmetic on days counted from 1970-01-01 (UTC, no leap seconds).
enum CivilCalendar {
    /// A calendar date.
    struct Date: Sendable, Equatable {
        /// The year (1 … 9999 for valid timestamps).
        var year: Int64
        /// The month, 1 … 12.
        var month: Int64
        /// The day of the month, 1 … 31.
        var day: Int64
    }

    /// Days from 1970-01-01 to the given date (negative before it).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        // Count years from March so that the leap day falls at the end of the counted year.
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfMarchYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfMarchYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01.
    static func date(fromDays days: Int64) -> Date {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfMarchYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfMarchYear + 2) / 153
        let day = dayOfMarchYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Date(year: year, month: month, day: day)
    }

    /// Whether `year` has a 29 February.
    static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The ISO weekday of the date `days` after the epoch: Monday = 1 … Sunday = 7.
    static func isoWeekday(fromDays days: Int64) -> Int64 {
        // 1970-01-01 was a Thursday (ISO 4).
        let fromMonday = ((days % 7) + 7 + 3) % 7
        return fromMonday + 1
    }
}
