import Foundation
import HearthAuth
package import HearthCore

/// Turns an `Authorization` header into the caller's `AccessContext`, as Firebase's emulator does:
/// `Bearer owner` is an admin; a JWT (signature not checked, `alg: none` welcome) is a signed-in
/// user whose `sub` (or `user_id`) is the uid and whose claims are `request.auth.token`; no
/// header is an unauthenticated caller.
package enum AuthorizationHeader {
    /// The access context for the header value (nil when the header is absent).
    /// - Throws: `UNAUTHENTICATED` when the header is present but not a usable bearer token.
    package static func access(_ header: String?) throws(FirestoreError) -> AccessContext {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return .unauthenticated }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw FirestoreError(.unauthenticated, "The Authorization header must be 'Bearer <token>'.")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        if token == "owner" { return .admin }
        return try user(fromJWT: token)
    }

    /// The signed-in user a JWT describes.
    package static func user(fromJWT token: String) throws(FirestoreError) -> AccessContext {
        let sections = token.split(separator: ".", omittingEmptySubsequences: false)
        guard sections.count >= 2, let payload = base64URLDecode(String(sections[1])),
              let claims = try? JSONDecoder().decode([String: AuthJSON].self, from: payload)
        else {
            throw FirestoreError(.unauthenticated, "The bearer token is neither 'owner' nor a decodable JWT.")
        }
        var uid: String?
        if case .string(let sub)? = claims["sub"], !sub.isEmpty { uid = sub }
        if uid == nil, case .string(let userID)? = claims["user_id"], !userID.isEmpty { uid = userID }
        guard let uid else {
            throw FirestoreError(.unauthenticated, "The JWT has no 'sub' or 'user_id' claim naming the user.")
        }
        return .user(uid: uid, claims: claims.mapValues(\.ruleValue))
    }

    /// Decodes base64url (padding optional).
    static func base64URLDecode(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.utf8.count % 4 != 0 { standard.append("=") }
        return Data(base64Encoded: standard)
    }
}
