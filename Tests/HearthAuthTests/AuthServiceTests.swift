import Foundation
import HearthAuth
import Testing

@Suite("Auth emulator: sign-up, sign-in, tokens, codes, admin")
struct AuthServiceTests {
    @Test("e-mail sign-up issues an unsigned ID token naming the user; the checks answer with the emulator's messages")
    func signUpAndSignIn() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let made = try auth.app(.signUp, ["email": "Ada@Example.com", "password": "secret1", "returnSecureToken": true])
        let uid = try #require(made["localId"]?.string)
        #expect(uid.count == 28)
        #expect(made["email"] == "ada@example.com")
        #expect(made["expiresIn"] == "3600")
        let token = try #require(made["idToken"]?.string)
        #expect(token.hasPrefix("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.") && token.hasSuffix("."))
        let claims = AuthFixture.claims(token)
        #expect(claims["sub"] == .string(uid) && claims["user_id"] == .string(uid))
        #expect(claims["aud"] == .string(AuthFixture.project))
        #expect(claims["iss"] == .string("https://securetoken.google.com/\(AuthFixture.project)"))
        #expect(claims["email_verified"] == false)
        #expect(claims["firebase"]?["sign_in_provider"] == "password")
        #expect(claims["iat"]?.integer == 1_800_000_000 && claims["exp"]?.integer == 1_800_003_600)

        #expect(auth.failure { try auth.app(.signUp, ["email": "ada@example.com", "password": "another1"]) } == "EMAIL_EXISTS")
        #expect(auth.failure { try auth.app(.signUp, ["email": "x@y.z", "password": "12345"]) }
            == "WEAK_PASSWORD : Password should be at least 6 characters")
        #expect(auth.failure { try auth.app(.signUp, ["email": "nope", "password": "secret1"]) } == "INVALID_EMAIL")
        #expect(auth.failure { try auth.app(.signUp, ["email": "x@y.z"]) } == "MISSING_PASSWORD")
        #expect(auth.failure { try auth.app(.signUp, ["localId": "mine"]) } == "UNEXPECTED_PARAMETER : User ID")

        let signedIn = try auth.app(.signInWithPassword, ["email": "ADA@example.com", "password": "secret1"])
        #expect(signedIn["localId"] == .string(uid) && signedIn["registered"] == true)
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "ada@example.com", "password": "wrong12"]) } == "INVALID_PASSWORD")
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "bob@example.com", "password": "secret1"]) } == "EMAIL_NOT_FOUND")
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "ada@example.com"]) } == "MISSING_PASSWORD")

        _ = try auth.admin(.update, ["localId": .string(uid), "disableUser": true])
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "ada@example.com", "password": "secret1"]) } == "USER_DISABLED")
    }

    @Test("lookups redact the password hash; the stored record never holds the password")
    func passwordsStayHashed() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let made = try auth.app(.signUp, ["email": "h@x.io", "password": "plain-text-pw"])
        let looked = try auth.app(.lookup, ["idToken": made["idToken"]])
        let user = try #require(looked["users"]?.elements?.first)
        #expect(user["passwordHash"] == "UkVEQUNURUQ=")
        #expect(user["salt"] == nil)
        let exported = try auth.service.exportFiles(project: AuthFixture.project)
        #expect(!String(decoding: exported.accounts, as: UTF8.self).contains("plain-text-pw"))
        let raw = try Data(contentsOf: auth.directory.appendingPathComponent("data.mdb"))
        #expect(raw.range(of: Data("plain-text-pw".utf8)) == nil)
    }

    @Test("anonymous sign-up, then linking an e-mail keeps the uid")
    func anonymousThenLinked() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let anonymous = try auth.app(.signUp, ["returnSecureToken": true])
        let claims = AuthFixture.claims(anonymous["idToken"]?.string)
        #expect(claims["firebase"]?["sign_in_provider"] == "anonymous" && claims["email"] == nil)
        let linked = try auth.app(.signUp, ["idToken": anonymous["idToken"], "email": "late@x.io", "password": "secret1"])
        #expect(linked["localId"] == anonymous["localId"])
        #expect(AuthFixture.claims(linked["idToken"]?.string)["email"] == "late@x.io")
    }

    @Test("refresh mints from the account as it is now; a revocation ends older sessions and ID tokens")
    func refreshAndRevocation() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let made = try auth.app(.signUp, ["email": "r@x.io", "password": "secret1"])
        let uid = try #require(made["localId"]?.string)
        _ = try auth.admin(.update, ["localId": .string(uid), "customAttributes": #"{"role":"admin","level":3}"#])
        auth.clock.advance(seconds: 10)
        let refreshed = try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": made["refreshToken"]])
        #expect(refreshed["user_id"] == .string(uid) && refreshed["expires_in"] == "3600" && refreshed["token_type"] == "Bearer")
        let claims = AuthFixture.claims(refreshed["id_token"]?.string)
        #expect(claims["role"] == "admin" && claims["level"] == 3)
        #expect(claims["iat"]?.integer == 1_800_000_010)

        #expect(auth.failure { try auth.admin(.update, ["localId": .string(uid), "customAttributes": #"{"sub":"x"}"#]) }
            == "FORBIDDEN_CLAIM : sub")
        #expect(auth.failure { try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": "garbage"]) }
            == "INVALID_REFRESH_TOKEN")
        #expect(auth.failure { try auth.app(.refreshToken, ["grant_type": "password"]) } == "INVALID_GRANT_TYPE")

        auth.clock.advance(seconds: 5)
        _ = try auth.admin(.update, ["localId": .string(uid), "validSince": .integer(1_800_000_015)])
        #expect(auth.failure { try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": made["refreshToken"]]) }
            == "TOKEN_EXPIRED")
        #expect(auth.failure { try auth.app(.lookup, ["idToken": refreshed["id_token"]]) } == "TOKEN_EXPIRED")
        let again = try auth.app(.signInWithPassword, ["email": "r@x.io", "password": "secret1"])
        #expect(try auth.app(.lookup, ["idToken": again["idToken"]])["users"]?.elements?.count == 1)
    }

    @Test("a password change in the second of the last refresh still hands out a new ID token, whose refresh token works")
    func passwordChangeInTheSecondOfARefresh() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let made = try auth.app(.signUp, ["email": "p@x.io", "password": "secret1"])
        auth.clock.advance(milliseconds: 1_200)
        let refreshed = try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": made["refreshToken"]])
        auth.clock.advance(milliseconds: 300)
        let changed = try auth.app(.update, ["idToken": refreshed["id_token"], "password": "secret2", "returnSecureToken": true])
        // The SDK keeps its refresh token when the new ID token equals the one it holds.
        #expect(changed["idToken"] != nil && changed["idToken"] != refreshed["id_token"])
        #expect(AuthFixture.claims(changed["idToken"]?.string)["auth_time"]?.integer == 1_800_000_001)
        #expect(auth.failure { try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": made["refreshToken"]]) }
            == "TOKEN_EXPIRED")
        let after = try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": changed["refreshToken"]])
        #expect(AuthFixture.claims(after["id_token"]?.string)["sub"] == made["localId"])
    }

    @Test("a password reset goes through the recorded code; codes are used up")
    func passwordReset() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        _ = try auth.app(.signUp, ["email": "p@x.io", "password": "first-pw"])
        #expect(auth.failure { try auth.app(.sendOobCode, ["requestType": "PASSWORD_RESET", "email": "q@x.io"]) } == "EMAIL_NOT_FOUND")
        _ = try auth.app(.sendOobCode, ["requestType": "PASSWORD_RESET", "email": "P@x.io"])
        let codes = try auth.admin(.listOOBCodes, [:])["oobCodes"]?.elements ?? []
        #expect(codes.count == 1)
        let code = try #require(codes.first?["oobCode"]?.string)
        #expect(code.count == 54)
        #expect(codes.first?["requestType"] == "PASSWORD_RESET" && codes.first?["email"] == "p@x.io")
        #expect(codes.first?["oobLink"]?.string?.contains("mode=resetPassword") == true)
        let checked = try auth.app(.resetPassword, ["oobCode": .string(code)])
        #expect(checked["requestType"] == "PASSWORD_RESET" && checked["email"] == "p@x.io")
        #expect(auth.failure { try auth.app(.resetPassword, ["oobCode": .string(code), "newPassword": "123"]) }
            == "WEAK_PASSWORD : Password should be at least 6 characters")
        _ = try auth.app(.resetPassword, ["oobCode": .string(code), "newPassword": "second-pw"])
        #expect(auth.failure { try auth.app(.resetPassword, ["oobCode": .string(code), "newPassword": "third-pw"]) } == "INVALID_OOB_CODE")
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "p@x.io", "password": "first-pw"]) } == "INVALID_PASSWORD")
        let signedIn = try auth.app(.signInWithPassword, ["email": "p@x.io", "password": "second-pw"])
        #expect(AuthFixture.claims(signedIn["idToken"]?.string)["email_verified"] == true)
    }

    @Test("verifying an e-mail through its code shows in the next token")
    func emailVerification() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let made = try auth.app(.signUp, ["email": "v@x.io", "password": "secret1"])
        _ = try auth.app(.sendOobCode, ["requestType": "VERIFY_EMAIL", "idToken": made["idToken"]])
        let code = try #require(try auth.admin(.listOOBCodes, [:])["oobCodes"]?.elements?.first?["oobCode"])
        let applied = try auth.app(.update, ["oobCode": code])
        #expect(applied["emailVerified"] == true)
        let refreshed = try auth.app(.refreshToken, ["grant_type": "refresh_token", "refresh_token": made["refreshToken"]])
        #expect(AuthFixture.claims(refreshed["id_token"]?.string)["email_verified"] == true)
        #expect(auth.failure { try auth.app(.update, ["oobCode": code]) } == "INVALID_OOB_CODE")
    }

    @Test("custom tokens: unsigned JWTs and plain JSON sign in, claims ride in the token, bad ones are refused")
    func customTokens() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        let first = try auth.app(.signInWithCustomToken, ["token": #"{"uid":"carol","claims":{"role":"editor"}}"#])
        #expect(first["isNewUser"] == true)
        let claims = AuthFixture.claims(first["idToken"]?.string)
        #expect(claims["sub"] == "carol" && claims["role"] == "editor" && claims["firebase"]?["sign_in_provider"] == "custom")
        let again = try auth.app(.signInWithCustomToken, ["token": #"{"uid":"carol"}"#])
        #expect(again["isNewUser"] == false)
        func jwt(_ payload: String) -> String {
            let body = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            return "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.\(body)."
        }
        let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
        let viaJWT = try auth.app(.signInWithCustomToken, ["token": .string(jwt(#"{"aud":"\#(audience)","uid":"dave"}"#))])
        #expect(AuthFixture.claims(viaJWT["idToken"]?.string)["user_id"] == "dave")
        #expect(auth.failure { try auth.app(.signInWithCustomToken, ["token": .string(jwt(#"{"aud":"demo","uid":"x"}"#))]) }?
            .hasPrefix("INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): demo") == true)
        #expect(auth.failure { try auth.app(.signInWithCustomToken, ["token": #"{"claims":{}}"#]) } == "MISSING_IDENTIFIER")
        #expect(auth.failure { try auth.app(.signInWithCustomToken, ["token": #"{"uid":"x","claims":{"iss":"y"}}"#]) }
            == "FORBIDDEN_CLAIM : iss")
        #expect(auth.failure { try auth.app(.signInWithCustomToken, [:]) } == "MISSING_CUSTOM_TOKEN")
    }

    @Test("admin routes: create with a uid, page through users, delete in batches, clear")
    func adminRoutes() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        #expect(auth.failure { try auth.app(.batchGet, [:]) } == "INSUFFICIENT_PERMISSION")
        for index in 0..<25 {
            _ = try auth.admin(.createAccount, ["localId": .string(String(format: "user%02d", index)), "email": .string("u\(index)@x.io")])
        }
        #expect(auth.failure { try auth.admin(.createAccount, ["localId": "user03"]) } == "DUPLICATE_LOCAL_ID")
        #expect(auth.failure { try auth.admin(.createAccount, ["email": "u3@x.io"]) } == "EMAIL_EXISTS")
        var seen: [String] = []
        var token: AuthJSON?
        repeat {
            let page = try auth.admin(.batchGet, ["maxResults": "10", "nextPageToken": token])
            seen += (page["users"]?.elements ?? []).compactMap { $0["localId"]?.string }
            token = page["nextPageToken"]
        } while token != nil
        #expect(seen == (0..<25).map { String(format: "user%02d", $0) })
        let deleted = try auth.admin(.batchDelete, ["localIds": ["user00", "user01", "ghost"]])
        #expect(deleted["errors"]?.elements?.compactMap { $0["localId"]?.string } == ["user00", "user01"])
        #expect(try auth.admin(.batchDelete, ["localIds": ["user00", "user01"], "force": true]) == [:])
        #expect(try auth.admin(.query, ["returnUserInfo": false])["recordsCount"] == "23")
        #expect(try auth.admin(.lookup, ["localId": ["user00"]])["users"] == nil)
        #expect(try auth.admin(.lookup, ["email": ["U5@x.io"]])["users"]?.elements?.first?["localId"] == "user05")
        _ = try auth.admin(.clearAccounts, [:])
        #expect(try auth.admin(.query, [:])["recordsCount"] == "0")
    }

    @Test("improved e-mail privacy hides whether an address exists")
    func emailPrivacy() throws {
        let auth = try AuthFixture()
        defer { auth.close() }
        _ = try auth.app(.signUp, ["email": "e@x.io", "password": "secret1"])
        let config = try auth.admin(.updateConfig, ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(config == ["signIn": ["allowDuplicateEmails": false], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "e@x.io", "password": "wrong12"]) } == "INVALID_LOGIN_CREDENTIALS")
        #expect(auth.failure { try auth.app(.signInWithPassword, ["email": "f@x.io", "password": "wrong12"]) } == "INVALID_LOGIN_CREDENTIALS")
        #expect(try auth.app(.sendOobCode, ["requestType": "PASSWORD_RESET", "email": "f@x.io"])["email"] == "f@x.io")
        #expect(try auth.admin(.listOOBCodes, [:])["oobCodes"]?.elements?.isEmpty == true)
    }

    @Test("accounts survive closing and reopening the store")
    func persistence() throws {
        let first = try AuthFixture()
        let made = try first.app(.signUp, ["email": "keep@x.io", "password": "secret1"])
        first.close()
        let second = try AuthFixture(directory: first.directory)
        defer { second.close() }
        let signedIn = try second.app(.signInWithPassword, ["email": "keep@x.io", "password": "secret1"])
        #expect(signedIn["localId"] == made["localId"])
    }
}
