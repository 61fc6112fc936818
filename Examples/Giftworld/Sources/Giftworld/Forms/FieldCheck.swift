import Foundation

/// Checks shared by the forms; each failure is `GiftworldError.invalidField`.
enum FieldCheck {
    /// `value` with surrounding whitespace removed, or an error naming `field` when nothing is left.
    static func required(_ value: String, _ field: String) throws(GiftworldError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidField(name: field, reason: "required") }
        return trimmed
    }

    /// `value` trimmed; empty is allowed.
    static func optional(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An optional web link: empty, or `http(s)://` followed by no spaces.
    static func link(_ value: String, _ field: String) throws(GiftworldError) -> String {
        let trimmed = optional(value)
        guard !trimmed.isEmpty else { return "" }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !trimmed.contains(" "),
            trimmed.count > (lower.hasPrefix("https://") ? 8 : 7)
        else { throw .invalidField(name: field, reason: "must be an http(s) link") }
        return trimmed
    }

    /// A uid or document id given by a caller: non-empty, no `/` or `_` (ids are joined with `_`),
    /// not `.` or `..`.
    static func identifier(_ value: String) -> Bool {
        !value.isEmpty && !value.contains("/") && !value.contains("_") && value != "." && value != ".."
            && value.utf8.count <= 1_500
    }
}
