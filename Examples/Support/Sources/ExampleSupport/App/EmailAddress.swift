import Foundation

/// The e-mail check every app's forms and sign-in share.
public enum EmailAddress {
    /// `raw` trimmed and lowercased when it looks like an address (`local@domain.tld`, at most 254
    /// bytes, no spaces, no `/`); nil otherwise.
    public static func normalized(_ raw: String) -> String? {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty,
            !email.contains(where: { $0.isWhitespace || $0 == "/" }),
            case let domain = parts[1], domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
            !domain.contains("..")
        else { return nil }
        return email
    }
}
