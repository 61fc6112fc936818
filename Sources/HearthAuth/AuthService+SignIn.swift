import Foundation

extension AuthService {
    /// `accounts:signUp`: an e-mail/password or anonymous account for an app; for an administrator
    /// (and `POST /v1/projects/{p}/accounts`) an account with any fields and no tokens.
    func signUp(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let email = body["email"]?.string
        let password = body["password"]?.string
        if !caller.privileged {
            if body["localId"] != nil { throw .invalid("UNEXPECTED_PARAMETER : User ID") }
            if body["idToken"] != nil || password != nil || email != nil {
                guard email != nil else { throw .invalid("MISSING_EMAIL") }
                guard password != nil else { throw .invalid("MISSING_PASSWORD") }
            }
        } else if body["idToken"] != nil, body["localId"] != nil {
            throw .invalid("UNEXPECTED_PARAMETER : User ID")
        }
        let normalized = email?.lowercased()
        if let normalized, !(caller.privileged && normalized.isEmpty), !Self.isValidEmail(normalized) {
            throw .invalid("INVALID_EMAIL")
        }
        // The emulator's order: a taken address is reported before a weak password.
        if let normalized, !normalized.isEmpty, try read(caller, { try $0.userID(email: normalized) }) != nil {
            throw .invalid("EMAIL_EXISTS")
        }
        if let password { try Self.checkStrength(password) }
        let phone = caller.privileged ? body["phoneNumber"]?.string : nil
        if let phone, !phone.hasPrefix("+") { throw .invalid("INVALID_PHONE_NUMBER : Invalid format.") }
        let stored = password.map(hasher.hash)
        let moment = now()
        return try write(caller) { tables throws -> AuthJSON in
            if let normalized, !normalized.isEmpty, try tables.userID(email: normalized) != nil {
                throw AuthError.invalid("EMAIL_EXISTS")
            }
            var user: AuthUser
            if let idToken = body["idToken"]?.string {
                user = try self.user(idToken: idToken, tables)
            } else if caller.privileged, let localID = body["localId"]?.string {
                guard try tables.user(localID) == nil else { throw AuthError.invalid("DUPLICATE_LOCAL_ID") }
                guard !localID.isEmpty, localID.count <= 128 else { throw AuthError.invalid("INVALID_LOCAL_ID") }
                user = AuthUser(localID: localID, createdAt: moment)
            } else {
                user = AuthUser(localID: Self.newUserID(), createdAt: moment)
            }
            if let phone {
                if try tables.users().contains(where: { $0.phoneNumber == phone }) {
                    throw AuthError.invalid("PHONE_NUMBER_EXISTS")
                }
                user.phoneNumber = phone
            }
            if let normalized, !normalized.isEmpty {
                user.email = normalized
                user.emailVerified = caller.privileged ? (body["emailVerified"]?.bool ?? false) : false
            }
            if let stored {
                user.password = stored
                user.passwordUpdatedAt = moment
                user.validSince = moment / 1000
            }
            if let name = body["displayName"]?.string { user.displayName = name }
            if caller.privileged {
                if let photo = body["photoUrl"]?.string { user.photoURL = photo }
                if let disabled = body["disabled"]?.bool { user.disabled = disabled }
            }
            user.lastLoginAt = moment
            var response: [String: AuthJSON] = [
                "kind": "identitytoolkit#SignupNewUserResponse", "localId": .string(user.localID),
            ]
            if let name = user.displayName { response["displayName"] = .string(name) }
            if let email = user.email { response["email"] = .string(email) }
            if !caller.privileged || body["idToken"] != nil {
                let provider = user.password != nil ? "password" : "anonymous"
                let tokens = self.issueTokens(&user, caller: caller, provider: provider)
                response.merge(Self.tokenFields(tokens)) { $1 }
            }
            try tables.put(user)
            return .object(response)
        }
    }

    /// `accounts:signInWithPassword`.
    func signInWithPassword(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let email = body["email"]?.string?.lowercased() else { throw .invalid("MISSING_EMAIL") }
        guard Self.isValidEmail(email) else { throw .invalid("INVALID_EMAIL") }
        guard let password = body["password"]?.string, !password.isEmpty else { throw .invalid("MISSING_PASSWORD") }
        let (found, config) = try read(caller) { tables in (try tables.user(email: email), try tables.config()) }
        let private_ = config.enableImprovedEmailPrivacy
        guard let found else { throw .invalid(private_ ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND") }
        if found.disabled { throw .invalid("USER_DISABLED") }
        guard let stored = found.password, hasher.matches(password, stored) else {
            throw .invalid(private_ ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
        }
        return try write(caller) { tables throws -> AuthJSON in
            guard var user = try tables.user(found.localID), user.password == stored else {
                throw AuthError.invalid(private_ ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
            }
            user.lastLoginAt = self.now()
            let tokens = self.issueTokens(&user, caller: caller, provider: "password")
            try tables.put(user)
            var response: [String: AuthJSON] = [
                "kind": "identitytoolkit#VerifyPasswordResponse", "registered": true, "localId": .string(user.localID),
                "email": .string(email),
            ]
            if let name = user.displayName { response["displayName"] = .string(name) }
            return .object(response.merging(Self.tokenFields(tokens)) { $1 })
        }
    }

    /// `accounts:signInWithCustomToken`: creates the account on first use.
    func signInWithCustomToken(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let token = body["token"]?.string, !token.isEmpty else { throw .invalid("MISSING_CUSTOM_TOKEN") }
        let (uid, claims) = try AuthTokens.customToken(token)
        let moment = now()
        return try write(caller) { tables throws -> AuthJSON in
            let existing = try tables.user(uid)
            if existing?.disabled == true { throw AuthError.invalid("USER_DISABLED") }
            var user = existing ?? AuthUser(localID: uid, createdAt: moment)
            user.customAuth = true
            user.lastLoginAt = moment
            let tokens = self.issueTokens(&user, caller: caller, provider: "custom", extraClaims: claims)
            try tables.put(user)
            return .object(
                ["kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": .bool(existing == nil)]
                    .merging(Self.tokenFields(tokens)) { $1 })
        }
    }

    /// `accounts:signInWithEmailLink`: uses up an `EMAIL_SIGNIN` code; creates the account on first use.
    func signInWithEmailLink(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let email = body["email"]?.string?.lowercased() else { throw .invalid("MISSING_EMAIL") }
        guard let code = body["oobCode"]?.string else { throw .invalid("MISSING_OOB_CODE") }
        let moment = now()
        return try write(caller) { tables throws -> AuthJSON in
            let linking = try body["idToken"]?.string.map { token throws in try self.user(idToken: token, tables) }
            guard let record = try tables.oobCode(code), record.requestType == "EMAIL_SIGNIN" else {
                throw AuthError.invalid("INVALID_OOB_CODE")
            }
            guard record.email == email else {
                throw AuthError.invalid("INVALID_EMAIL : The email provided does not match the sign-in email address.")
            }
            try tables.consume(code)
            let owner = try tables.user(email: email)
            if owner?.disabled == true { throw AuthError.invalid("USER_DISABLED") }
            if let linking, let owner, owner.localID != linking.localID { throw AuthError.invalid("EMAIL_EXISTS") }
            var user = linking ?? owner ?? AuthUser(localID: Self.newUserID(), createdAt: moment)
            let isNew = linking == nil && owner == nil
            user.email = email
            user.emailVerified = true
            user.emailLinkSignin = true
            user.lastLoginAt = moment
            let tokens = self.issueTokens(&user, caller: caller, provider: "password")
            try tables.put(user)
            return .object(
                ["kind": "identitytoolkit#EmailLinkSigninResponse", "email": .string(email),
                 "localId": .string(user.localID), "isNewUser": .bool(isNew)].merging(Self.tokenFields(tokens)) { $1 })
        }
    }

    /// `securetoken.googleapis.com/v1/token`: a fresh ID token from a refresh token, minted from the
    /// account as it is now (new custom claims show up). A session begun before a revocation
    /// (`validSince`) ends with `TOKEN_EXPIRED`, as in production.
    func refresh(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let grant = (body["grant_type"] ?? body["grantType"])?.string else { throw .invalid("MISSING_GRANT_TYPE") }
        guard grant == "refresh_token" else { throw .invalid("INVALID_GRANT_TYPE") }
        guard let token = (body["refresh_token"] ?? body["refreshToken"])?.string, !token.isEmpty else {
            throw .invalid("MISSING_REFRESH_TOKEN")
        }
        let session = try AuthTokens.refresh(token)
        guard session.projectId == caller.project else { throw .invalid("INVALID_REFRESH_TOKEN") }
        return try write(caller) { tables throws -> AuthJSON in
            guard var user = try tables.user(session.localId) else { throw AuthError.invalid("INVALID_REFRESH_TOKEN") }
            if user.disabled { throw AuthError.invalid("USER_DISABLED") }
            if let validSince = user.validSince, session.issuedAt < validSince { throw AuthError.invalid("TOKEN_EXPIRED") }
            let moment = self.now()
            user.lastRefreshAt = moment
            let idToken = AuthTokens.idToken(
                for: user, project: caller.project, provider: session.provider, extraClaims: session.extraClaims,
                now: moment / 1000)
            try tables.put(user)
            return [
                "id_token": .string(idToken), "access_token": .string(idToken), "expires_in": "3600",
                "refresh_token": .string(token), "token_type": "Bearer", "user_id": .string(user.localID),
                "project_id": .string(caller.project),
            ]
        }
    }

    /// `accounts:createAuthUri`: which sign-in methods an address has.
    func createAuthURI(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let identifier = body["identifier"]?.string?.lowercased() else { throw .invalid("MISSING_IDENTIFIER") }
        guard Self.isValidEmail(identifier) else { throw .invalid("INVALID_IDENTIFIER") }
        let sessionID = Self.randomID(length: 24, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let (user, config) = try read(caller) { tables in (try tables.user(email: identifier), try tables.config()) }
        if config.enableImprovedEmailPrivacy { return ["kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": .string(sessionID)] }
        var methods: [AuthJSON] = []
        if user?.password != nil { methods.append("password") }
        if user?.emailLinkSignin == true { methods.append("emailLink") }
        return [
            "kind": "identitytoolkit#CreateAuthUriResponse", "registered": .bool(user != nil),
            "allProviders": .array(user?.password != nil || user?.emailLinkSignin == true ? ["password"] : []),
            "sessionId": .string(sessionID), "signinMethods": .array(methods),
        ]
    }
}
