/// Email validation for the local accounts.
enum EmailAddress {
    /// `raw` trimmed and lowercased when it looks like an address (`local@domain.tld`, no spaces,
    /// no `/` since it names the account document); otherwise an `invalidField` error.
    static func normalized(_ raw: String) throws(GiftworldError) -> String {
        let email = try FieldCheck.required(raw, "email").lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty,
            !email.contains(where: { $0.isWhitespace || $0 == "/" }),
            case let domain = parts[1], domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
            !domain.contains("..")
        else { throw .invalidField(name: "email", reason: "is not a valid email address") }
        return email
    }
}
