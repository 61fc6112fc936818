/// RFC 3339 UTC timestamps as protobuf JSON writes them: `YYYY-MM-DDThh:mm:ss[.fff|.ffffff|.fffffffff]Z`.
enum RFC3339 {
    /// Appends the text of the instant `seconds` + `nanoseconds` after the Unix epoch (years 1–9999).
    static func format(seconds: Int64, nanoseconds: Int32, into output: inout [UInt8]) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        digits(year, count: 4, into: &output)
        output.append(UInt8(ascii: "-"))
        digits(month, count: 2, into: &output)
        output.append(UInt8(ascii: "-"))
        digits(day, count: 2, into: &output)
        output.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3_600, count: 2, into: &output)
        output.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, count: 2, into: &output)
        output.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, count: 2, into: &output)
        let nanos = Int64(nanoseconds)
        if nanos != 0 {
            output.append(UInt8(ascii: "."))
            if nanos % 1_000_000 == 0 {
                digits(nanos / 1_000_000, count: 3, into: &output)
            } else if nanos % 1_000 == 0 {
                digits(nanos / 1_000, count: 6, into: &output)
            } else {
                digits(nanos, count: 9, into: &output)
            }
        }
        output.append(UInt8(ascii: "Z"))
    }

    /// The proleptic Gregorian year, month (1–12) and day (1–31) of a day count from 1970-01-01
    /// (the era arithmetic of "days from civil", run backwards).
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Appends `value` (non-negative) in exactly `count` decimal digits, zero-padded.
    private static func digits(_ value: Int64, count: Int, into output: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
