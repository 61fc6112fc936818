import Foundation

extension AuthUser {
    /// What production returns in place of a password hash: base64 of `REDACTED`.
    static let redactedHash = "UkVEQUNURUQ="

    /// The user record as `accounts:lookup` and `accounts:batchGet` return it. The hash is redacted
    /// unless `exporting` (an export must be re-importable).
    func wire(exporting: Bool = false) -> AuthJSON {
        var fields: [String: AuthJSON] = ["localId": .string(localID), "createdAt": .string(String(createdAt)),
                                          "disabled": .bool(disabled)]
        func set(_ key: String, _ value: String?) { if let value { fields[key] = .string(value) } }
        set("email", email)
        set("displayName", displayName)
        set("photoUrl", photoURL)
        set("phoneNumber", phoneNumber)
        set("customAttributes", customAttributes)
        set("initialEmail", initialEmail)
        set("lastLoginAt", lastLoginAt.map { String($0) })
        set("validSince", validSince.map { String($0) })
        set("lastRefreshAt", lastRefreshAt.map(Self.isoTime))
        if let emailVerified { fields["emailVerified"] = .bool(emailVerified) }
        if let customAuth { fields["customAuth"] = .bool(customAuth) }
        if let emailLinkSignin { fields["emailLinkSignin"] = .bool(emailLinkSignin) }
        if let password {
            if exporting {
                let (hash, salt) = PasswordHasher.exported(password)
                fields["passwordHash"] = .string(hash)
                fields["salt"] = .string(salt)
            } else {
                fields["passwordHash"] = .string(Self.redactedHash)
            }
        }
        if let passwordUpdatedAt { fields["passwordUpdatedAt"] = .integer(passwordUpdatedAt) }
        let providers = providerUserInfo
        if !providers.isEmpty { fields["providerUserInfo"] = .array(providers) }
        return .object(fields)
    }

    /// The `providerUserInfo` entries: `password` (an e-mail with a password or a sign-in link),
    /// `phone`, then the linked providers.
    var providerUserInfo: [AuthJSON] {
        var entries: [AuthJSON] = []
        if let email, password != nil || emailLinkSignin == true {
            entries.append([
                "providerId": "password", "email": .string(email), "federatedId": .string(email), "rawId": .string(email),
                "displayName": displayName.map { .string($0) }, "photoUrl": photoURL.map { .string($0) },
            ])
        }
        if let phoneNumber {
            entries.append(["providerId": "phone", "phoneNumber": .string(phoneNumber), "rawId": .string(phoneNumber)])
        }
        for provider in linkedProviders {
            entries.append([
                "providerId": .string(provider.providerID), "rawId": .string(provider.rawID),
                "federatedId": provider.federatedID.map { .string($0) }, "email": provider.email.map { .string($0) },
                "displayName": provider.displayName.map { .string($0) }, "photoUrl": provider.photoURL.map { .string($0) },
                "screenName": provider.screenName.map { .string($0) },
            ])
        }
        return entries
    }

    /// Milliseconds since 1970 as ISO 8601 with milliseconds (`2025-12-14T11:46:02.671Z`).
    static func isoTime(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            .formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The milliseconds of an ISO 8601 time (nil when unparsable).
    static func milliseconds(iso text: String) -> Int64? {
        let styles = [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()]
        for style in styles {
            if let date = try? style.parse(text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        }
        return nil
    }
}
