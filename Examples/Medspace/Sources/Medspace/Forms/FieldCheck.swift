import ExampleSupport
import Foundation

/// Checks shared by the forms.
enum FieldCheck {
    /// `value` with surrounding whitespace removed, or `missingField(field)` when nothing is left.
    static func required(_ value: String, _ field: String) throws(MedspaceError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .missingField(field) }
        return trimmed
    }

    /// An optional field that, when the form has it, must not be empty.
    static func required(_ value: String?, _ field: String) throws(MedspaceError) -> String {
        try required(value ?? "", field)
    }

    /// A user name: 3–30 ASCII letters, digits, `.`, `_` or `-` (the rules check the same pattern,
    /// and compare names by `lower()`, which only ASCII makes agree with the app's folding).
    static func username(_ value: String) throws(MedspaceError) -> String {
        let name = try required(value, "username")
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "._-".contains(c)) }
        guard (3...30).contains(name.count), name.allSatisfy(allowed) else {
            throw .invalidField(name: "username", reason: "must be 3 to 30 letters, digits, '.', '_' or '-'")
        }
        return name
    }

    /// A uid or document id given by a caller: non-empty, no `/`, not `.` or `..`.
    static func identifier(_ value: String) -> Bool {
        !value.isEmpty && !value.contains("/") && value != "." && value != ".." && value.utf8.count <= 1_500
    }

    /// `raw` trimmed and lowercased when it looks like an email address (the shared `EmailAddress`
    /// check); else `missingField` when empty, `invalidField` when malformed.
    static func email(_ raw: String) throws(MedspaceError) -> String {
        guard let email = EmailAddress.normalized(try required(raw, "email")) else {
            throw .invalidField(name: "email", reason: "is not a valid email address")
        }
        return email
    }

    /// The minimum password length (Firebase Auth's).
    static let minimumPasswordLength = 6

    /// A new password: at least 6 characters.
    static func password(_ value: String) throws(MedspaceError) -> String {
        guard !value.isEmpty else { throw .missingField("password") }
        guard value.count >= minimumPasswordLength else { throw .weakPassword }
        return value
    }
}
