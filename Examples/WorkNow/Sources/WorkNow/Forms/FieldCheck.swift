import ExampleSupport

/// Small checks shared by the forms.
enum FieldCheck {
    /// The text without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Whether `id` can name one document (non-empty, no slash, not `.` or `..`).
    static func identifier(_ id: String) -> Bool {
        !id.isEmpty && !id.contains("/") && id != "." && id != ".." && id.utf8.count <= 1500
    }

    /// The email trimmed and lowercased (the shared `EmailAddress` check).
    /// - Throws: `invalidField("email", …)` when it does not look like an address.
    static func email(_ raw: String) throws(WorkNowError) -> String {
        guard let email = EmailAddress.normalized(raw) else {
            throw .invalidField(name: "email", reason: "not an email address")
        }
        return email
    }

    /// A geopoint from a latitude and longitude in range.
    /// - Throws: `invalidField("location", …)` when either is missing or out of range.
    static func location(latitude: Double?, longitude: Double?) throws(WorkNowError) -> GeoPointValue {
        guard let latitude, let longitude else { throw .invalidField(name: "location", reason: "required") }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .invalidField(name: "location", reason: "latitude -90…90 and longitude -180…180")
        }
        return GeoPointValue(latitude: latitude, longitude: longitude)
    }

    /// A password of at least 8 characters (§3.4).
    /// - Throws: `passwordTooShort`.
    static func password(_ password: String) throws(WorkNowError) -> String {
        guard password.count >= 8 else { throw .passwordTooShort }
        return password
    }

    /// A phone number without spaces, dashes or dots: an optional `+` and 6–15 digits; nil for
    /// blank text (no number).
    /// - Throws: `invalidField("telefono", …)`.
    static func phone(_ text: String) throws(WorkNowError) -> String? {
        let compact = String(trimmed(text).filter { $0 != " " && $0 != "-" && $0 != "." })
        if compact.isEmpty { return nil }
        let digits = compact.hasPrefix("+") ? compact.dropFirst() : Substring(compact)
        guard (6...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalidField(name: "telefono", reason: "an optional + and 6 to 15 digits")
        }
        return compact
    }

    /// A radius in km, 1–100.
    /// - Throws: `invalidRadius`.
    static func radius(_ km: Double) throws(WorkNowError) -> Double {
        guard km >= 1, km <= 100 else { throw .invalidRadius(km) }
        return km
    }
}

/// A checked latitude and longitude (turned into a `GeoPoint` where the store needs one).
struct GeoPointValue: Sendable, Equatable {
    /// Degrees north, -90…90.
    let latitude: Double
    /// Degrees east, -180…180.
    let longitude: Double
}
