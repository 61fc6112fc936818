import Foundation

extension AuthService {
    /// `GET /v1/projects/{p}/accounts:batchGet`: a page of accounts in uid order (`maxResults` 1–1000,
    /// default 20; a negative value lists them all, as the Emulator Suite's export asks).
    func batchGet(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let asked = body["maxResults"]?.integer ?? 20
        let limit: Int? = asked < 0 ? nil : Int(asked == 0 ? 20 : min(asked, 1000))
        let after = body["nextPageToken"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let users = try read(caller) { tables in try tables.users(after: after, limit: limit) }
        var response: [String: AuthJSON] = [
            "kind": "identitytoolkit#DownloadAccountResponse", "users": .array(users.map { $0.wire() }),
        ]
        if let limit, users.count == limit, let last = users.last { response["nextPageToken"] = .string(last.localID) }
        return .object(response)
    }

    /// `POST /v1/projects/{p}/accounts:query`: every account in uid order with its count.
    func query(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        if let expression = body["expression"]?.elements, !expression.isEmpty { throw .notImplemented("accounts:query expression") }
        if let sort = body["sortBy"]?.string, sort != "USER_ID" { throw .notImplemented("accounts:query sortBy \(sort)") }
        var users = try read(caller) { tables in try tables.users() }
        if body["order"]?.string == "DESC" { users.reverse() }
        let offset = Int(body["offset"]?.integer ?? 0)
        let limit = body["limit"]?.integer.map { Int($0) }
        let page = Array(users.dropFirst(max(0, offset)).prefix(limit ?? users.count))
        if body["returnUserInfo"]?.bool == false { return ["recordsCount": .string(String(users.count))] }
        return ["recordsCount": .string(String(users.count)), "userInfo": .array(page.map { $0.wire() })]
    }

    /// `POST /v1/projects/{p}/accounts:batchDelete`: deletes disabled accounts, or all named with `force`.
    func batchDelete(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let ids = body["localIds"]?.strings ?? []
        guard !ids.isEmpty, ids.count <= 1000 else { throw .invalid("LOCAL_ID_LIST_EXCEEDS_LIMIT") }
        let force = body["force"]?.bool ?? false
        let errors = try write(caller) { tables throws -> [AuthJSON] in
            var errors: [AuthJSON] = []
            for (index, id) in ids.enumerated() {
                guard let user = try tables.user(id) else { continue }
                if !force, !user.disabled {
                    errors.append([
                        "index": .integer(Int64(index)), "localId": .string(id),
                        "message": "NOT_DISABLED : Disable the account before batch deletion.",
                    ])
                    continue
                }
                try tables.deleteUser(id)
            }
            return errors
        }
        return errors.isEmpty ? [:] : ["errors": .array(errors)]
    }

    /// `POST /v1/projects/{p}/accounts:batchCreate`: imports accounts; per-account problems are
    /// reported in `error[]`, the others land together.
    func batchCreate(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        try importUsers(body["users"]?.elements ?? [], allowOverwrite: body["allowOverwrite"]?.bool ?? false,
                        keepTimes: false, atomic: false, caller: caller)
    }

    /// Imports account records (the shape `accounts:batchGet` and `auth_export/accounts.json` hold).
    /// `keepTimes` keeps `validSince` and `lastRefreshAt` as recorded (an export restored), where
    /// `batchCreate` resets them as the Auth emulator does. `atomic` refuses the whole import (writing
    /// nothing) at the first bad record, naming it.
    func importUsers(
        _ records: [AuthJSON], allowOverwrite: Bool, keepTimes: Bool, atomic: Bool, caller: AuthCaller
    ) throws(AuthError) -> AuthJSON {
        guard !records.isEmpty else { throw .invalid("MISSING_USER_ACCOUNT") }
        if !allowOverwrite {
            var seen: Set<String> = []
            for id in records.compactMap({ $0["localId"]?.string }) where !seen.insert(id).inserted {
                throw .invalid("DUPLICATE_LOCAL_ID : \(id)")
            }
        }
        let moment = now()
        var prepared: [(index: Int, user: AuthUser?, error: String?)] = []
        for (index, record) in records.enumerated() {
            do throws(AuthError) {
                prepared.append((index, try decodeImported(record, moment: moment, keepTimes: keepTimes), nil))
            } catch {
                prepared.append((index, nil, error.message))
            }
        }
        let errors = try write(caller) { tables throws -> [AuthJSON] in
            var errors: [AuthJSON] = []
            for entry in prepared {
                guard let user = entry.user else {
                    errors.append(["index": .integer(Int64(entry.index)), "message": .string(entry.error ?? "invalid")])
                    continue
                }
                let existing = try tables.user(user.localID)
                if existing != nil, !allowOverwrite {
                    errors.append(["index": .integer(Int64(entry.index)),
                                   "message": "localId belongs to an existing account - can not overwrite."])
                    continue
                }
                if let email = user.email, let owner = try tables.userID(email: email), owner != user.localID {
                    errors.append(["index": .integer(Int64(entry.index)), "message": "email exists in other account in database"])
                    continue
                }
                try tables.put(user)
            }
            if atomic, let first = errors.first {
                throw AuthError(
                    httpStatus: 400, message: "account \(first["index"]?.string ?? "?"): \(first["message"]?.string ?? "")",
                    status: "INVALID_ARGUMENT")
            }
            return errors
        }
        return ["kind": "identitytoolkit#UploadAccountResponse", "error": .array(errors)]
    }

    /// One imported record as an account.
    /// - Throws: the per-account message of `accounts:batchCreate`.
    private func decodeImported(_ record: AuthJSON, moment: Int64, keepTimes: Bool) throws(AuthError) -> AuthUser {
        guard let id = record["localId"]?.string, !id.isEmpty else { throw .invalid("localId is missing") }
        var user = AuthUser(localID: id, createdAt: record["createdAt"]?.integer ?? moment)
        if let email = record["email"]?.string {
            guard Self.isValidEmail(email.lowercased()) else { throw .invalid("email is invalid") }
            user.email = email.lowercased()
        }
        user.emailVerified = record["emailVerified"]?.bool ?? (user.email == nil ? nil : false)
        user.disabled = record["disabled"]?.bool ?? false
        user.displayName = record["displayName"]?.string
        user.photoURL = record["photoUrl"]?.string
        if let phone = record["phoneNumber"]?.string {
            guard phone.hasPrefix("+") else { throw .invalid("phone number format is invalid") }
            user.phoneNumber = phone
        }
        if let attributes = record["customAttributes"]?.string, attributes != "{}" {
            do throws(AuthError) { try Self.checkCustomAttributes(attributes) } catch {
                throw .invalid(error.code == "CLAIMS_TOO_LARGE" ? "Custom claims provided are too large."
                    : error.code == "FORBIDDEN_CLAIM" ? "Custom claims provided include a reserved claim."
                    : "Invalid custom claims provided.")
            }
            user.customAttributes = attributes
        }
        user.lastLoginAt = record["lastLoginAt"]?.integer
        if let hash = record["passwordHash"]?.string {
            user.password = hasher.imported(hash: hash, salt: record["salt"]?.string)
        } else if let raw = record["rawPassword"]?.string {
            user.password = hasher.hash(raw)
        }
        user.customAuth = keepTimes ? record["customAuth"]?.bool : nil
        user.emailLinkSignin = keepTimes ? record["emailLinkSignin"]?.bool : nil
        user.initialEmail = keepTimes ? record["initialEmail"]?.string : nil
        if keepTimes {
            user.validSince = record["validSince"]?.integer ?? moment / 1000
            user.passwordUpdatedAt = user.password == nil ? nil : record["passwordUpdatedAt"]?.integer ?? moment
            user.lastRefreshAt = record["lastRefreshAt"]?.string.flatMap(AuthUser.milliseconds(iso:))
        } else {
            user.validSince = moment / 1000
            user.passwordUpdatedAt = user.password == nil ? nil : moment
        }
        for provider in record["providerUserInfo"]?.elements ?? [] {
            guard let providerID = provider["providerId"]?.string, providerID != "password", providerID != "phone" else { continue }
            guard let raw = provider["rawId"]?.string ?? provider["federatedId"]?.string else {
                throw .invalid("federatedId or (providerId & rawId) is required")
            }
            user.linkedProviders.append(LinkedProvider(
                providerID: providerID, rawID: raw, federatedID: provider["federatedId"]?.string,
                email: provider["email"]?.string, displayName: provider["displayName"]?.string,
                photoURL: provider["photoUrl"]?.string, screenName: provider["screenName"]?.string))
        }
        return user
    }
}
