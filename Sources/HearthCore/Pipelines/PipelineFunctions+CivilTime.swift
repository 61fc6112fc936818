import Foundation

/// Calendar arithmetic for `timestamp_trunc` and `timestamp_extract`: the proleptic Gregorian
/// calendar (no Julian switch in 1582, as Firestore's timestamps), in UTC, a fixed offset, or a tz
/// database zone (its offset at the instant, so daylight saving time is followed).
enum CivilTime {
    /// Where calendar boundaries fall.
    enum Zone {
        /// A fixed offset east of UTC, in seconds.
        case fixed(Int)
        /// A tz database zone.
        case named(TimeZone)

        /// "UTC", an offset ("GMT+05:30", "UTC-8", "+06:32:43": east of UTC), or a tz database name.
        init?(_ identifier: String) {
            if let offset = Self.offset(identifier) {
                self = .fixed(offset)
            } else if let zone = TimeZone(identifier: identifier) {
                self = .named(zone)
            } else {
                return nil
            }
        }

        /// The seconds east of UTC an identifier such as "GMT", "GMT+05:30" or "-08" names.
        static func offset(_ identifier: String) -> Int? {
            var text = Substring(identifier.uppercased())
            for prefix in ["GMT", "UTC"] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
            if text.isEmpty { return 0 }
            guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
            let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var seconds = 0
            for (index, part) in parts.enumerated() {
                guard (1...2).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part),
                    index == 0 ? number <= 18 : number < 60
                else { return nil }
                seconds = seconds * 60 + number
            }
            seconds *= [1, 60, 3600][3 - parts.count]
            return sign == "-" ? -seconds : seconds
        }

        /// Seconds east of UTC at the instant `seconds` after the epoch.
        func offset(at seconds: Int64) -> Int64 {
            switch self {
            case .fixed(let offset): Int64(offset)
            case .named(let zone): Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
            }
        }
    }

    /// What `timestamp_trunc` truncates to.
    enum Granularity: Equatable {
        case microsecond, millisecond, second, minute, hour, day, month, quarter, year, isoyear
        /// A week starting on this weekday (0 is Sunday); `week` is `week(sunday)`, `isoweek` `week(monday)`.
        case week(Int)

        init?(_ name: String) {
            let name = name.lowercased()
            switch name {
            case "microsecond": self = .microsecond
            case "millisecond": self = .millisecond
            case "second": self = .second
            case "minute": self = .minute
            case "hour": self = .hour
            case "day": self = .day
            case "month": self = .month
            case "quarter": self = .quarter
            case "year": self = .year
            case "isoyear": self = .isoyear
            case "isoweek": self = .week(1)
            default:
                guard let weekday = CivilTime.week(name) else { return nil }
                self = .week(weekday)
            }
        }
    }

    /// What `timestamp_extract` extracts.
    enum Part: Equatable {
        case microsecond, millisecond, second, minute, hour, day, dayofweek, dayofyear, month, quarter, year
        case isoweek, isoyear
        /// The week number, weeks starting on this weekday (0 is Sunday): days before the year's
        /// first such weekday are in week 0.
        case week(Int)

        init?(_ name: String) {
            let name = name.lowercased()
            let simple: [String: Part] = [
                "microsecond": .microsecond, "millisecond": .millisecond, "second": .second, "minute": .minute,
                "hour": .hour, "day": .day, "dayofweek": .dayofweek, "dayofyear": .dayofyear, "month": .month,
                "quarter": .quarter, "year": .year, "isoweek": .isoweek, "isoyear": .isoyear,
            ]
            if let part = simple[name] {
                self = part
            } else if let weekday = CivilTime.week(name) {
                self = .week(weekday)
            } else {
                return nil
            }
        }
    }

    /// The weekday "week" (Sunday) or "week(monday)" names, 0 being Sunday.
    static func week(_ name: String) -> Int? {
        if name == "week" { return 0 }
        let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        guard name.hasPrefix("week("), name.hasSuffix(")") else { return nil }
        return days.firstIndex(of: String(name.dropFirst(5).dropLast()))
    }

    /// `time` truncated in `zone`; nil when the result leaves the range of timestamps.
    static func truncate(_ time: Timestamp, to granularity: Granularity, in zone: Zone) -> Timestamp? {
        let nanoseconds = Int64(time.nanoseconds)
        switch granularity {
        case .microsecond: return try? Timestamp(seconds: time.seconds, nanoseconds: Int32(nanoseconds - nanoseconds % 1_000))
        case .millisecond: return try? Timestamp(seconds: time.seconds, nanoseconds: Int32(nanoseconds - nanoseconds % 1_000_000))
        case .second: return try? Timestamp(seconds: time.seconds, nanoseconds: 0)
        default: break
        }
        let offset = zone.offset(at: time.seconds)
        let local = time.seconds + offset
        var days = local.floorDivided(by: 86_400)
        let (year, month, _) = civil(days)
        switch granularity {
        case .minute, .hour:
            let unit: Int64 = granularity == .minute ? 60 : 3_600
            return try? Timestamp(seconds: local.floorDivided(by: unit) * unit - offset, nanoseconds: 0)
        case .day: break
        case .week(let start): days -= (weekday(days) - Int64(start) + 7) % 7
        case .month: days = Self.days(year, month, 1)
        case .quarter: days = Self.days(year, (month - 1) / 3 * 3 + 1, 1)
        case .year: days = Self.days(year, 1, 1)
        case .isoyear: days = isoYearStart(isoYear(days))
        default: break
        }
        // Local midnight back to UTC, with the offset in force then (it may differ across a DST change).
        let midnight = days * 86_400
        return try? Timestamp(seconds: midnight - zone.offset(at: midnight - offset), nanoseconds: 0)
    }

    /// The `part` of `time` in `zone`.
    static func extract(_ part: Part, from time: Timestamp, in zone: Zone) -> Int64 {
        let local = time.seconds + zone.offset(at: time.seconds)
        let days = local.floorDivided(by: 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civil(days)
        let dayOfYear = days - Self.days(year, 1, 1) + 1
        switch part {
        case .microsecond: return Int64(time.nanoseconds / 1_000)
        case .millisecond: return Int64(time.nanoseconds / 1_000_000)
        case .second: return secondOfDay % 60
        case .minute: return secondOfDay / 60 % 60
        case .hour: return secondOfDay / 3_600
        case .day: return day
        case .dayofweek: return weekday(days) + 1
        case .dayofyear: return dayOfYear
        case .month: return month
        case .quarter: return (month - 1) / 3 + 1
        case .year: return year
        case .week(let start): return (dayOfYear + 6 - (weekday(days) - Int64(start) + 7) % 7) / 7
        case .isoyear: return isoYear(days)
        case .isoweek: return (days - isoYearStart(isoYear(days))) / 7 + 1
        }
    }

    /// The weekday of a day counted from 1970-01-01 (a Thursday), 0 being Sunday.
    static func weekday(_ days: Int64) -> Int64 { (days + 4).floorModulo(7) }

    /// The ISO 8601 week-numbering year of a day: the year of its week's Thursday.
    static func isoYear(_ days: Int64) -> Int64 { civil(days - (weekday(days) + 6) % 7 + 3).year }

    /// The Monday starting week 1 of an ISO year (the week holding January 4th).
    static func isoYearStart(_ year: Int64) -> Int64 {
        let fourth = Self.days(year, 1, 4)
        return fourth - (weekday(fourth) + 6) % 7
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (`civil_from_days`).
    static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// The remainder of floored division (never negative for a positive divisor).
    func floorModulo(_ divisor: Int64) -> Int64 { self - floorDivided(by: divisor) * divisor }
}
