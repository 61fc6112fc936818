import Foundation

/// Checks shared by the forms; each failure is `RoomieFinderError.invalidField`.
enum FieldCheck {
    /// `value` with surrounding whitespace removed, or an error naming `field` when nothing is left.
    static func required(_ value: String, _ field: String) throws(RoomieFinderError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidField(name: field, reason: "required") }
        return trimmed
    }

    /// A selection that must have been made.
    static func chosen<T>(_ value: T?, _ field: String) throws(RoomieFinderError) -> T {
        guard let value else { throw .invalidField(name: field, reason: "required") }
        return value
    }

    /// A whole, positive number of at most six digits, as a string of digits without leading zeros.
    static func wholeNumber(_ value: String, _ field: String) throws(RoomieFinderError) -> String {
        let trimmed = try required(value, field)
        guard trimmed.count <= 6, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(trimmed),
            number > 0
        else {
            throw .invalidField(name: field, reason: "must be a whole number between 1 and 999999")
        }
        return String(number)
    }

    /// A date of birth: `yyyy-MM-dd`, a real calendar day, from 1900 up to today.
    static func birthDate(_ value: String, today: Date = Date()) throws(RoomieFinderError) -> String {
        let trimmed = try required(value, "fnac")
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw .invalidField(name: "fnac", reason: "must be a date written yyyy-MM-dd") }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard year >= 1900, components.isValidDate(in: calendar), let date = calendar.date(from: components) else {
            throw .invalidField(name: "fnac", reason: "is not a real date")
        }
        guard date <= today else { throw .invalidField(name: "fnac", reason: "is in the future") }
        return trimmed
    }

    /// A uid or document id given by a caller: non-empty, no `/`, not `.` or `..`.
    static func identifier(_ value: String) -> Bool {
        !value.isEmpty && !value.contains("/") && value != "." && value != ".." && value.utf8.count <= 1_500
    }
}
