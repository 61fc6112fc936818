import Foundation

/// The tokens the Auth emulator issues and reads: unsigned JWTs (`alg: none`, empty signature) for ID
/// tokens, base64 JSON for refresh tokens, and the unsigned custom tokens the Admin SDKs mint in
/// emulator mode.
enum AuthTokens {
    /// ID tokens live an hour, as in production.
    static let lifetimeSeconds: Int64 = 3600
    /// The audience of a custom token.
    static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    /// Claim names a custom token or custom attributes may not set.
    static let reservedClaims: Set<String> = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase",
        "at_hash", "c_hash",
    ]

    /// An ID token for `user`, signed in through `provider`, with `extraClaims` from a custom token;
    /// `authTime` (seconds) is when its session began, the last sign-in when not given.
    static func idToken(
        for user: AuthUser, project: String, provider: String, extraClaims: [String: AuthJSON], now: Int64,
        authTime: Int64? = nil
    ) -> String {
        var claims: [String: AuthJSON] = [:]
        if let name = user.displayName { claims["name"] = .string(name) }
        if let photo = user.photoURL { claims["picture"] = .string(photo) }
        for (key, value) in user.claims { claims[key] = value }
        for (key, value) in extraClaims { claims[key] = value }
        if let email = user.email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(user.emailVerified ?? false)
        }
        if let phone = user.phoneNumber { claims["phone_number"] = .string(phone) }
        if provider == "anonymous" { claims["provider_id"] = "anonymous" }
        claims["auth_time"] = .integer(authTime ?? (user.lastLoginAt ?? user.lastRefreshAt ?? now * 1000) / 1000)
        claims["user_id"] = .string(user.localID)
        claims["firebase"] = ["identities": .object(identities(of: user)), "sign_in_provider": .string(provider)]
        claims["iat"] = .integer(now)
        claims["exp"] = .integer(now + lifetimeSeconds)
        claims["aud"] = .string(project)
        claims["iss"] = .string("https://securetoken.google.com/\(project)")
        claims["sub"] = .string(user.localID)
        return "\(base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))).\(base64URL(AuthJSON.object(claims).data))."
    }

    /// The `firebase.identities` claim: the e-mail, phone and linked providers' ids.
    static func identities(of user: AuthUser) -> [String: AuthJSON] {
        var identities: [String: AuthJSON] = [:]
        if let email = user.email { identities["email"] = [.string(email)] }
        if let phone = user.phoneNumber { identities["phone"] = [.string(phone)] }
        for provider in user.linkedProviders { identities[provider.providerID] = [.string(provider.rawID)] }
        return identities
    }

    /// What a refresh token carries.
    struct Refresh: Codable, Equatable {
        /// Marks the token as Hearth's.
        var hearthRefreshToken = "do not modify"
        /// The uid.
        var localId: String
        /// The sign-in provider to put in refreshed ID tokens.
        var provider: String
        /// Claims from the custom token the session began with.
        var extraClaims: [String: AuthJSON]
        /// The project the session belongs to.
        var projectId: String
        /// When the session began (seconds): a revocation (`validSince`) after it ends the session.
        var issuedAt: Int64
    }

    /// The refresh token of a session.
    static func refreshToken(_ refresh: Refresh) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return ((try? encoder.encode(refresh)) ?? Data()).base64EncodedString()
    }

    /// The session a refresh token names.
    /// - Throws: `INVALID_REFRESH_TOKEN` when it is not one of Hearth's.
    static func refresh(_ token: String) throws(AuthError) -> Refresh {
        guard let data = Data(base64Encoded: token) ?? base64URLDecode(token),
              let refresh = try? JSONDecoder().decode(Refresh.self, from: data)
        else { throw .invalid("INVALID_REFRESH_TOKEN") }
        return refresh
    }

    /// The claims of a JWT, its signature unchecked.
    static func claims(ofJWT token: String) -> [String: AuthJSON]? {
        let sections = token.split(separator: ".", omittingEmptySubsequences: false)
        guard sections.count == 3 || sections.count == 2, let payload = base64URLDecode(String(sections[1])),
              let claims = try? AuthJSON.parse(payload).fields
        else { return nil }
        return claims
    }

    /// The claims of an ID token this emulator could have issued.
    /// - Throws: `INVALID_ID_TOKEN` when it is not a JWT naming a user.
    static func idTokenClaims(_ token: String) throws(AuthError) -> (uid: String, claims: [String: AuthJSON]) {
        guard let claims = claims(ofJWT: token), claims["firebase"]?.fields != nil,
              let uid = claims["user_id"]?.string ?? claims["sub"]?.string, !uid.isEmpty
        else { throw .invalid("INVALID_ID_TOKEN") }
        return (uid, claims)
    }

    /// The uid and developer claims of a custom token (an unsigned JWT, as the Admin SDKs make in
    /// emulator mode, or plain JSON such as `{"uid":"alice"}`).
    /// - Throws: `INVALID_CUSTOM_TOKEN`, `MISSING_IDENTIFIER`, `INVALID_CLAIMS` or `FORBIDDEN_CLAIM`.
    static func customToken(_ token: String) throws(AuthError) -> (uid: String, claims: [String: AuthJSON]) {
        let payload: [String: AuthJSON]
        if token.hasPrefix("{") {
            guard let parsed = try? AuthJSON.parse(Data(token.utf8)).fields else {
                throw .invalid("INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            payload = parsed
        } else {
            guard let parsed = claims(ofJWT: token) else { throw .invalid("INVALID_CUSTOM_TOKEN : Invalid assertion format") }
            let audience = parsed["aud"]?.string ?? ""
            guard audience == customTokenAudience else {
                throw .invalid(
                    "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): \(audience) Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"
                )
            }
            payload = parsed
        }
        guard let uid = (payload["uid"] ?? payload["user_id"])?.string, !uid.isEmpty else {
            throw .invalid("MISSING_IDENTIFIER")
        }
        var claims: [String: AuthJSON] = [:]
        if let given = payload["claims"] {
            guard let fields = given.fields else { throw .invalid("INVALID_CLAIMS") }
            if let reserved = fields.keys.sorted().first(where: reservedClaims.contains) {
                throw .invalid("FORBIDDEN_CLAIM : \(reserved)")
            }
            claims = fields
        }
        return (uid, claims)
    }

    /// base64url without padding.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url (padding optional).
    static func base64URLDecode(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard.append("=") }
        return Data(base64Encoded: standard)
    }
}
