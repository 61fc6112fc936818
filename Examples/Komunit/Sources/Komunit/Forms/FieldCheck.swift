import ExampleSupport
import Foundation
import Hearth

/// Checks shared by the forms; each failure is `KomunitError.invalidField`.
enum FieldCheck {
    /// `value` with surrounding whitespace removed, or an error naming `field` when nothing is left.
    static func required(_ value: String, _ field: String) throws(KomunitError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidField(name: field, reason: "es obligatorio") }
        return trimmed
    }

    /// Checks a new password: at least `RegistrationForm.minimumPasswordLength` characters.
    static func password(_ password: String) throws(KomunitError) {
        guard password.count >= RegistrationForm.minimumPasswordLength else {
            throw .invalidField(
                name: "password", reason: "debe tener al menos \(RegistrationForm.minimumPasswordLength) caracteres")
        }
    }

    /// A valid point, or an error naming `field`.
    static func location(latitude: Double, longitude: Double, _ field: String) throws(KomunitError) -> GeoPoint {
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw .invalidField(name: field, reason: "no es una posición válida")
        }
    }

    /// `raw` trimmed and lowercased when it looks like an address (the shared `EmailAddress`
    /// check); otherwise `invalidField` (`es obligatorio` when empty).
    static func email(_ raw: String) throws(KomunitError) -> String {
        _ = try required(raw, "email")
        guard let email = EmailAddress.normalized(raw) else {
            throw .invalidField(name: "email", reason: "no es un correo válido")
        }
        return email
    }

    /// A uid or document id given by a caller: non-empty, no `/`, not `.` or `..`, not `__x__`.
    static func identifier(_ value: String) -> Bool {
        !value.isEmpty && !value.contains("/") && value != "." && value != ".." && value.utf8.count <= 700
            && !(value.hasPrefix("__") && value.hasSuffix("__"))
    }
}
