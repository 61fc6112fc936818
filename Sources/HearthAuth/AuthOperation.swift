/// The operations the Auth emulator serves, named as the REST paths name them.
public enum AuthOperation: String, Sendable, CaseIterable {
    case signUp, signInWithPassword, signInWithCustomToken, signInWithEmailLink
    case lookup, update, delete, sendOobCode, resetPassword, createAuthUri
    /// `securetoken.googleapis.com/v1/token`.
    case refreshToken
    /// `POST /v1/projects/{p}/accounts` (an admin creating an account).
    case createAccount
    case batchGet, query, batchCreate, batchDelete
    /// `DELETE /emulator/v1/projects/{p}/accounts`.
    case clearAccounts
    /// `GET /emulator/v1/projects/{p}/oobCodes`.
    case listOOBCodes
    /// `GET /emulator/v1/projects/{p}/config`.
    case getConfig
    /// `PATCH /emulator/v1/projects/{p}/config`.
    case updateConfig

    /// The operation a client path's `accounts:<verb>` names.
    public init?(accountsVerb: String) {
        switch accountsVerb {
        case "signUp": self = .signUp
        case "signInWithPassword": self = .signInWithPassword
        case "signInWithCustomToken": self = .signInWithCustomToken
        case "signInWithEmailLink": self = .signInWithEmailLink
        case "lookup": self = .lookup
        case "update": self = .update
        case "delete": self = .delete
        case "sendOobCode": self = .sendOobCode
        case "resetPassword": self = .resetPassword
        case "createAuthUri": self = .createAuthUri
        case "batchGet": self = .batchGet
        case "query": self = .query
        case "batchCreate": self = .batchCreate
        case "batchDelete": self = .batchDelete
        default: return nil
        }
    }

    /// Whether only an administrator may call it.
    var adminOnly: Bool { [.createAccount, .batchGet, .query, .batchCreate, .batchDelete].contains(self) }
}

extension AuthService {
    /// Runs `operation` for `caller` on the request `body` and returns the response body.
    /// - Throws: the Identity Toolkit's error for the request (`EMAIL_EXISTS`, `INVALID_PASSWORD`, …).
    public func perform(_ operation: AuthOperation, caller: AuthCaller, body: AuthJSON) throws(AuthError) -> AuthJSON {
        if operation.adminOnly, !caller.privileged { throw .invalid("INSUFFICIENT_PERMISSION") }
        switch operation {
        case .signUp: return try signUp(body, caller: caller)
        case .createAccount: return try signUp(body, caller: caller)
        case .signInWithPassword: return try signInWithPassword(body, caller: caller)
        case .signInWithCustomToken: return try signInWithCustomToken(body, caller: caller)
        case .signInWithEmailLink: return try signInWithEmailLink(body, caller: caller)
        case .lookup: return try lookup(body, caller: caller)
        case .update: return try update(body, caller: caller)
        case .delete: return try delete(body, caller: caller)
        case .sendOobCode: return try sendOOBCode(body, caller: caller)
        case .resetPassword: return try resetPassword(body, caller: caller)
        case .createAuthUri: return try createAuthURI(body, caller: caller)
        case .refreshToken: return try refresh(body, caller: caller)
        case .batchGet: return try batchGet(body, caller: caller)
        case .query: return try query(body, caller: caller)
        case .batchCreate: return try batchCreate(body, caller: caller)
        case .batchDelete: return try batchDelete(body, caller: caller)
        case .clearAccounts:
            try write(caller) { tables in try tables.deleteAllUsers() }
            return [:]
        case .listOOBCodes: return ["oobCodes": .array(try read(caller) { try $0.oobCodes() }.map(\.json))]
        case .getConfig: return try read(caller) { try $0.config() }.json
        case .updateConfig: return try updateConfig(body, caller: caller)
        }
    }

    private func updateConfig(_ body: AuthJSON, caller: AuthCaller) throws(AuthError) -> AuthJSON {
        let duplicates = body["signIn"]?["allowDuplicateEmails"]?.bool
        let privacy = body["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.bool
        return try write(caller) { tables in
            var config = try tables.config()
            if duplicates == nil, privacy == nil {
                config = AuthConfig()
            } else {
                if let duplicates { config.allowDuplicateEmails = duplicates }
                if let privacy { config.enableImprovedEmailPrivacy = privacy }
            }
            try tables.setConfig(config)
            return config.json
        }
    }
}
