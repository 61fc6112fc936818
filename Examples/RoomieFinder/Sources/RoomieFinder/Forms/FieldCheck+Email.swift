import ExampleSupport

extension FieldCheck {
    /// `raw` trimmed and lowercased when it looks like an address (the shared `EmailAddress`
    /// check); otherwise `invalidField` (`required` when empty).
    static func email(_ raw: String) throws(RoomieFinderError) -> String {
        _ = try required(raw, "email")
        guard let email = EmailAddress.normalized(raw) else {
            throw .invalidField(name: "email", reason: "is not a valid email address")
        }
        return email
    }
}
