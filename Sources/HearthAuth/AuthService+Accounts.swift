import Foundation

extension AuthService {
    /// `accounts:lookup`: the signed-in user (app) or the accounts named by uid, e-mail or phone (admin).
    func lookup(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let kind: AuthJSON = "identitytoolkit#GetAccountInfoResponse"
        if !caller.privileged {
            let user = try read(caller) { tables in try self.user(idToken: body["idToken"]?.string, tables) }
            return ["kind": kind, "users": [user.wire()]]
        }
        let found = try read(caller) { tables throws -> [AuthUser] in
            var users: [AuthUser] = []
            var seen: Set<String> = []
            func add(_ user: AuthUser?) {
                if let user, seen.insert(user.localID).inserted { users.append(user) }
            }
            for id in body["localId"]?.strings ?? [] { add(try tables.user(id)) }
            for email in body["email"]?.strings ?? [] { add(try tables.user(email: email.lowercased())) }
            let phones = Set(body["phoneNumber"]?.strings ?? [])
            if !phones.isEmpty { for user in try tables.users() where user.phoneNumber.map(phones.contains) == true { add(user) } }
            for federated in body["federatedUserId"]?.elements ?? [] {
                guard let provider = federated["providerId"]?.string, let raw = federated["rawId"]?.string else { continue }
                for user in try tables.users()
                where user.linkedProviders.contains(where: { $0.providerID == provider && $0.rawID == raw }) { add(user) }
            }
            return users
        }
        return found.isEmpty ? ["kind": kind] : ["kind": kind, "users": .array(found.map { $0.wire() })]
    }

    /// `accounts:delete`: the signed-in user (app) or the account `localId` (admin).
    func delete(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        try write(caller) { tables throws in
            if caller.privileged {
                guard let id = body["localId"]?.string else { throw AuthError.invalid("MISSING_LOCAL_ID") }
                guard try tables.deleteUser(id) else { throw AuthError.invalid("USER_NOT_FOUND") }
            } else {
                try tables.deleteUser(try self.user(idToken: body["idToken"]?.string, tables).localID)
            }
        }
        return ["kind": "identitytoolkit#DeleteAccountResponse"]
    }

    /// `accounts:update`: profile, e-mail and password changes (app or admin), the admin-only fields
    /// (disable, claims, phone, verification, `validSince`) and applying a verify-e-mail code.
    func update(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let kind: AuthJSON = "identitytoolkit#SetAccountInfoResponse"
        if !caller.privileged {
            if body["idToken"] == nil, body["oobCode"] == nil { throw .invalid("INVALID_REQ_TYPE : Unsupported request parameters.") }
            if body["customAttributes"] != nil { throw .invalid("INSUFFICIENT_PERMISSION") }
        } else if body["localId"] == nil {
            throw .invalid("MISSING_LOCAL_ID")
        }
        if let attributes = body["customAttributes"]?.string { try Self.checkCustomAttributes(attributes) }
        if let code = body["oobCode"]?.string, !caller.privileged { return try applyCode(code, caller: caller) }
        let newEmail = body["email"]?.string?.lowercased()
        if let newEmail, !newEmail.isEmpty, !Self.isValidEmail(newEmail) { throw .invalid("INVALID_EMAIL") }
        let newPassword = body["password"]?.string
        if let newPassword { try Self.checkStrength(newPassword) }
        let phone = caller.privileged ? body["phoneNumber"]?.string : nil
        if let phone, !phone.isEmpty, !phone.hasPrefix("+") { throw .invalid("INVALID_PHONE_NUMBER : Invalid format.") }
        let stored = newPassword.map(hasher.hash)
        let deletions = Set(body["deleteAttribute"]?.strings ?? [])
        let removedProviders = Set(body["deleteProvider"]?.strings ?? [])
        let moment = now()
        return try write(caller) { tables throws -> AuthJSON in
            var user: AuthUser
            var provider: String?
            if caller.privileged {
                guard let found = try tables.user(body["localId"]?.string ?? "") else { throw AuthError.invalid("USER_NOT_FOUND") }
                user = found
            } else {
                user = try self.user(idToken: body["idToken"]?.string, tables)
                if body["disableUser"] != nil { throw AuthError.invalid("OPERATION_NOT_ALLOWED") }
                provider = AuthTokens.claims(ofJWT: body["idToken"]?.string ?? "")?["firebase"]?["sign_in_provider"]?.string
            }
            var revoked = false
            if let newEmail, !newEmail.isEmpty, newEmail != user.email {
                if try tables.userID(email: newEmail) != nil { throw AuthError.invalid("EMAIL_EXISTS") }
                if user.email != nil, user.initialEmail == nil { user.initialEmail = user.email }
                user.email = newEmail
                user.emailVerified = false
                revoked = true
            }
            if let stored {
                user.password = stored
                user.passwordUpdatedAt = moment
                provider = "password"
                revoked = true
            }
            if let name = body["displayName"]?.string { user.displayName = name }
            if let photo = body["photoUrl"]?.string { user.photoURL = photo }
            for attribute in deletions {
                switch attribute {
                case "DISPLAY_NAME": user.displayName = nil
                case "PHOTO_URL": user.photoURL = nil
                case "PASSWORD": user.password = nil
                case "EMAIL": (user.email, user.emailVerified, user.emailLinkSignin) = (nil, nil, nil)
                default: break
                }
            }
            for removed in removedProviders {
                switch removed {
                case "password": (user.email, user.emailVerified, user.password, user.emailLinkSignin) = (nil, nil, nil, nil)
                case "phone": user.phoneNumber = nil
                default: user.linkedProviders.removeAll { $0.providerID == removed }
                }
            }
            if caller.privileged {
                if let disabled = body["disableUser"]?.bool { user.disabled = disabled }
                if let verified = body["emailVerified"]?.bool { user.emailVerified = verified }
                if let attributes = body["customAttributes"]?.string { user.customAttributes = attributes == "{}" ? nil : attributes }
                if let phone, phone != user.phoneNumber {
                    if !phone.isEmpty, try tables.users().contains(where: { $0.phoneNumber == phone }) {
                        throw AuthError.invalid("PHONE_NUMBER_EXISTS")
                    }
                    user.phoneNumber = phone.isEmpty ? nil : phone
                }
                if let created = body["createdAt"]?.integer { user.createdAt = created }
                if let login = body["lastLoginAt"]?.integer { user.lastLoginAt = login }
            }
            if revoked { user.validSince = moment / 1000 }
            if caller.privileged, let validSince = body["validSince"]?.integer {
                user.validSince = validSince
                revoked = true
            }
            var response: [String: AuthJSON] = ["kind": kind, "localId": .string(user.localID)]
            if let email = user.email { response["email"] = .string(email) }
            if let verified = user.emailVerified { response["emailVerified"] = .bool(verified) }
            if let name = user.displayName { response["displayName"] = .string(name) }
            if let photo = user.photoURL { response["photoUrl"] = .string(photo) }
            if user.password != nil { response["passwordHash"] = .string(AuthUser.redactedHash) }
            let providers = user.providerUserInfo
            if !providers.isEmpty { response["providerUserInfo"] = .array(providers) }
            if revoked, let provider, !caller.privileged || stored != nil {
                response.merge(Self.tokenFields(self.issueTokens(&user, caller: caller, provider: provider, newSession: true))) { $1 }
            }
            try tables.put(user)
            return .object(response)
        }
    }

    /// Applies a `VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL` or `RECOVER_EMAIL` code (`accounts:update` with `oobCode`).
    func applyCode(_ code: String, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        try write(caller) { tables throws -> AuthJSON in
            guard let record = try tables.oobCode(code) else { throw AuthError.invalid("INVALID_OOB_CODE") }
            var response: [String: AuthJSON] = ["kind": "identitytoolkit#SetAccountInfoResponse", "email": .string(record.email)]
            switch record.requestType {
            case "VERIFY_EMAIL":
                try tables.consume(code)
                guard var user = try tables.user(email: record.email) else { throw AuthError.invalid("INVALID_OOB_CODE") }
                user.emailVerified = true
                try tables.put(user)
                response["localId"] = .string(user.localID)
                response["emailVerified"] = true
            case "VERIFY_AND_CHANGE_EMAIL":
                try tables.consume(code)
                guard var user = try tables.user(email: record.email), let newEmail = record.newEmail else {
                    throw AuthError.invalid("INVALID_OOB_CODE")
                }
                if try tables.userID(email: newEmail) != nil { throw AuthError.invalid("EMAIL_EXISTS") }
                user.email = newEmail
                user.emailVerified = true
                user.validSince = self.nowSeconds
                try tables.put(user)
                response["localId"] = .string(user.localID)
                response["newEmail"] = .string(newEmail)
                response["emailVerified"] = true
            default:
                throw AuthError.notImplemented(record.requestType)
            }
            return .object(response)
        }
    }
}
