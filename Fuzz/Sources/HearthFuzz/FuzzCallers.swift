import Foundation

/// The callers the REST and gRPC targets send requests as, chosen by two bits of the input.
enum FuzzCallers {
    /// `Authorization` header values: the admin, nobody, a signed-in user (an unsigned JWT whose
    /// claims the scratch rules read), and a token that is not one.
    static let headers: [String?] = ["Bearer owner", nil, "Bearer " + jwt(uid: "alice"), "Bearer x.y.z"]

    /// The header for a selector byte (its bits 3 and 4).
    static func header(_ selector: UInt8) -> String? {
        headers[Int(selector >> 3) & 3]
    }

    /// An unsigned JWT (`alg: none`) for `uid` with a couple of claims.
    static func jwt(uid: String) -> String {
        let header = #"{"alg":"none","typ":"JWT"}"#
        let payload = #"{"sub":"\#(uid)","email":"\#(uid)@x.io","admin":true,"iat":1700000000}"#
        return base64URL(header) + "." + base64URL(payload) + "."
    }

    /// Base64url without padding.
    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
