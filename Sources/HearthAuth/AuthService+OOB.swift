import Foundation

extension AuthService {
    /// `accounts:sendOobCode`: records the code a real project would e-mail (readable through
    /// `GET /emulator/v1/projects/{p}/oobCodes` and the console); an administrator may ask for the link back.
    func sendOOBCode(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let type = body["requestType"]?.string, type != "OOB_REQ_TYPE_UNSPECIFIED" else {
            throw .invalid("MISSING_REQ_TYPE")
        }
        let returnLink = body["returnOobLink"]?.bool ?? false
        if returnLink, !caller.privileged { throw .invalid("INSUFFICIENT_PERMISSION") }
        let continueURL = body["continueUrl"]?.string
        if let continueURL, URLComponents(string: continueURL)?.scheme == nil || URLComponents(string: continueURL)?.host == nil {
            throw .invalid("INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        }
        let email = body["email"]?.string?.lowercased()
        let mode: String
        switch type {
        case "EMAIL_SIGNIN": mode = "signIn"
        case "PASSWORD_RESET": mode = "resetPassword"
        case "VERIFY_EMAIL": mode = "verifyEmail"
        case "VERIFY_AND_CHANGE_EMAIL": mode = "verifyAndChangeEmail"
        default: throw .notImplemented(type)
        }
        let code = Self.randomID(
            length: 54, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return try write(caller) { tables throws -> AuthJSON in
            var target: String
            var newEmail: String?
            switch type {
            case "EMAIL_SIGNIN":
                guard let email else { throw AuthError.invalid("MISSING_EMAIL") }
                target = email
            case "PASSWORD_RESET":
                guard let email else { throw AuthError.invalid("MISSING_EMAIL") }
                guard try tables.userID(email: email) != nil else {
                    if try tables.config().enableImprovedEmailPrivacy {
                        return ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)]
                    }
                    throw AuthError.invalid("EMAIL_NOT_FOUND")
                }
                target = email
            default:
                let user: AuthUser
                if caller.privileged, returnLink, body["idToken"] == nil {
                    guard let email else { throw AuthError.invalid("MISSING_EMAIL") }
                    guard let found = try tables.user(email: email) else { throw AuthError.invalid("USER_NOT_FOUND") }
                    user = found
                } else {
                    guard let token = body["idToken"]?.string else {
                        throw AuthError.invalid(type == "VERIFY_EMAIL" ? "INVALID_ID_TOKEN" : "MISSING_ID_TOKEN")
                    }
                    user = try self.user(idToken: token, tables)
                }
                guard let address = user.email else { throw AuthError.invalid("MISSING_EMAIL") }
                target = address
                if type == "VERIFY_AND_CHANGE_EMAIL" {
                    guard let wanted = body["newEmail"]?.string?.lowercased() else { throw AuthError.invalid("MISSING_NEW_EMAIL") }
                    if try tables.userID(email: wanted) != nil { throw AuthError.invalid("EMAIL_EXISTS") }
                    newEmail = wanted
                }
            }
            var link = URLComponents(string: "\(self.linkBase)/emulator/action") ?? URLComponents()
            link.queryItems = [
                URLQueryItem(name: "mode", value: mode), URLQueryItem(name: "lang", value: "en"),
                URLQueryItem(name: "oobCode", value: code), URLQueryItem(name: "apiKey", value: "fake-api-key"),
            ] + (continueURL.map { [URLQueryItem(name: "continueUrl", value: $0)] } ?? [])
            let record = OOBCode(
                code: code, requestType: type, email: target, newEmail: newEmail, link: link.string ?? "",
                sequence: try tables.nextSequence())
            try tables.put(record)
            var response: [String: AuthJSON] = ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(target)]
            if returnLink {
                response["oobCode"] = .string(code)
                response["oobLink"] = .string(record.link)
            }
            return .object(response)
        }
    }

    /// `accounts:resetPassword`: with `newPassword`, uses up a `PASSWORD_RESET` code and sets the
    /// password; without, only says what the code is for (`verifyPasswordResetCode`, `checkActionCode`).
    func resetPassword(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        guard let code = body["oobCode"]?.string else { throw .invalid("MISSING_OOB_CODE") }
        let newPassword = body["newPassword"]?.string
        if let newPassword { try Self.checkStrength(newPassword) }
        let stored = newPassword.map(hasher.hash)
        let moment = now()
        return try write(caller) { tables throws -> AuthJSON in
            guard let record = try tables.oobCode(code) else { throw AuthError.invalid("INVALID_OOB_CODE") }
            var response: [String: AuthJSON] = [
                "kind": "identitytoolkit#ResetPasswordResponse", "requestType": .string(record.requestType),
            ]
            if record.requestType != "EMAIL_SIGNIN" { response["email"] = .string(record.email) }
            if let newEmail = record.newEmail { response["newEmail"] = .string(newEmail) }
            guard let stored else { return .object(response) }
            guard record.requestType == "PASSWORD_RESET" else { throw AuthError.invalid("INVALID_OOB_CODE") }
            try tables.consume(code)
            guard var user = try tables.user(email: record.email) else { throw AuthError.invalid("INVALID_OOB_CODE") }
            user.password = stored
            user.passwordUpdatedAt = moment
            user.validSince = moment / 1000
            user.emailVerified = true
            user.linkedProviders = []
            try tables.put(user)
            return .object(response)
        }
    }
}
