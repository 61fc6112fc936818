extension PipelineFunctions {
    // MARK: Timestamp arithmetic, truncation and parts

    /// The units `timestamp_add`, `timestamp_subtract` and `timestamp_diff` take, in microseconds.
    static let timeUnits: [String: Int64] = [
        "microsecond": 1, "millisecond": 1_000, "second": 1_000_000, "minute": 60_000_000,
        "hour": 3_600_000_000, "day": 86_400_000_000,
    ]

    static let timeArithmetic: [String: Function] = [
        "timestamp_add": shifting("timestamp_add", sign: 1),
        "timestamp_subtract": shifting("timestamp_subtract", sign: -1),
        "timestamp_diff": values(3...3) { values in
            guard case .timestamp(let end) = values[0] else { return wrongType("timestamp_diff", values[0]) }
            guard case .timestamp(let start) = values[1] else { return wrongType("timestamp_diff", values[1]) }
            guard let unit = timeUnit("timestamp_diff", values[2]) else { return unitError("timestamp_diff", values[2]) }
            // Whole units, the fraction dropped (towards zero); timestamps' range keeps this in Int64.
            return .value(.integer((end.microseconds - start.microseconds) / unit))
        },
        "timestamp_trunc": values(2...3) { values in
            guard case .timestamp(let time) = values[0] else { return wrongType("timestamp_trunc", values[0]) }
            guard case .string(let name) = values[1], let granularity = CivilTime.Granularity(name) else {
                return .error("Function timestamp_trunc takes a granularity such as \"day\", \"week(monday)\" or \"month\".")
            }
            return inZone("timestamp_trunc", values) { zone in
                guard let truncated = CivilTime.truncate(time, to: granularity, in: zone) else {
                    return .error("Function timestamp_trunc: the result is outside the range of timestamps.")
                }
                return .value(.timestamp(truncated))
            }
        },
        "timestamp_extract": values(2...3) { values in
            guard case .timestamp(let time) = values[0] else { return wrongType("timestamp_extract", values[0]) }
            guard case .string(let name) = values[1], let part = CivilTime.Part(name) else {
                return .error("Function timestamp_extract takes a part such as \"year\", \"dayofweek\" or \"hour\".")
            }
            return inZone("timestamp_extract", values) { zone in .value(.integer(CivilTime.extract(part, from: time, in: zone))) }
        },
    ]

    /// `timestamp_add` (sign 1) / `timestamp_subtract` (sign -1): a timestamp moved by an amount
    /// (an integer, or a double cut to whole microseconds) of a unit; out of range is an error.
    static func shifting(_ name: String, sign: Int64) -> Function {
        values(3...3) { values in
            guard case .timestamp(let time) = values[0] else { return wrongType(name, values[0]) }
            guard let unit = timeUnit(name, values[1]) else { return unitError(name, values[1]) }
            var micros: Int64
            switch values[2] {
            case .integer(let amount):
                let (product, overflow) = amount.multipliedReportingOverflow(by: unit * sign)
                guard !overflow else { return .error("Function \(name): the result is outside the range of timestamps.") }
                micros = product
            case .double(let amount):
                let product = (amount * Double(unit) * Double(sign)).rounded(.towardZero)
                guard product.isFinite, let exact = Int64(exactly: product) else {
                    return .error("Function \(name): the result is outside the range of timestamps.")
                }
                micros = exact
            default: return wrongType(name, values[2])
            }
            let seconds = micros.floorDivided(by: 1_000_000)
            micros -= seconds * 1_000_000
            var nanoseconds = Int64(time.nanoseconds) + micros * 1_000
            var carry: Int64 = 0
            if nanoseconds >= 1_000_000_000 { nanoseconds -= 1_000_000_000; carry = 1 }
            guard let moved = try? Timestamp(seconds: time.seconds + seconds + carry, nanoseconds: Int32(nanoseconds)) else {
                return .error("Function \(name): the result is outside the range of timestamps.")
            }
            return .value(.timestamp(moved))
        }
    }

    /// A unit's length in microseconds, when `value` names one.
    static func timeUnit(_ name: String, _ value: Value) -> Int64? {
        guard case .string(let unit) = value else { return nil }
        return timeUnits[unit.lowercased()]
    }

    /// The error of a function given something that is no unit.
    static func unitError(_ name: String, _ value: Value) -> PipelineOutcome {
        .error("Function \(name) takes a unit of microsecond, millisecond, second, minute, hour or day.")
    }

    /// Runs `body` in the time zone given as the third value (UTC without one).
    static func inZone(_ name: String, _ values: [Value], _ body: (CivilTime.Zone) -> PipelineOutcome) -> PipelineOutcome {
        guard values.count == 3 else { return body(.fixed(0)) }
        guard case .string(let identifier) = values[2], let zone = CivilTime.Zone(identifier) else {
            return .error("Function \(name) takes a time zone such as \"America/New_York\" or \"GMT+05:30\".")
        }
        return body(zone)
    }
}
