import Foundation
import HearthCore
import Testing
@testable import HearthServer

@Suite("AuthorizationHeader")
struct AuthorizationHeaderTests {
    private func jwt(_ payload: String) -> String {
        let encode = { (text: String) in
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return encode(#"{"alg":"none"}"#) + "." + encode(payload) + "."
    }

    @Test("no header is unauthenticated; Bearer owner is admin")
    func basics() throws {
        #expect(try AuthorizationHeader.access(nil) == .unauthenticated)
        #expect(try AuthorizationHeader.access("") == .unauthenticated)
        #expect(try AuthorizationHeader.access("Bearer owner") == .admin)
    }

    @Test("an unsigned JWT becomes request.auth with its claims")
    func jwtClaims() throws {
        let access = try AuthorizationHeader.access("Bearer " + jwt(#"{"sub":"alice","admin":true,"n":3,"x":1.5,"roles":["a"],"m":{"k":null}}"#))
        guard case .user(let uid, let claims) = access else {
            Issue.record("expected a user")
            return
        }
        #expect(uid == "alice")
        #expect(claims["admin"] == .boolean(true))
        #expect(claims["n"] == .integer(3))
        #expect(claims["x"] == .double(1.5))
        #expect(claims["roles"] == .array(["a"]))
        #expect(claims["m"] == .map(["k": .null]))
    }

    @Test("user_id stands in for sub")
    func userID() throws {
        guard case .user(let uid, _) = try AuthorizationHeader.access("Bearer " + jwt(#"{"user_id":"bob"}"#)) else {
            Issue.record("expected a user")
            return
        }
        #expect(uid == "bob")
    }

    @Test("garbage tokens are UNAUTHENTICATED")
    func garbage() {
        #expect((#expect(throws: FirestoreError.self) { _ = try AuthorizationHeader.access("Bearer nonsense") })?.code == .unauthenticated)
        #expect((#expect(throws: FirestoreError.self) { _ = try AuthorizationHeader.access("Basic abc") })?.code == .unauthenticated)
        #expect((#expect(throws: FirestoreError.self) { _ = try AuthorizationHeader.access("Bearer " + jwt(#"{"email":"x"}"#)) })?.code == .unauthenticated)
    }
}
