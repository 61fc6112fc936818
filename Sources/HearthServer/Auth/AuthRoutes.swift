import Foundation
import HearthAuth

/// The Auth emulator's REST surface on Hearth's port: Identity Toolkit (`/identitytoolkit.googleapis.com/v1/…`),
/// Secure Token (`/securetoken.googleapis.com/v1/token`) and the emulator-only routes
/// (`/emulator/v1/projects/{p}/accounts|oobCodes|config`, `/emulator/action`). Paths are disjoint
/// from Firestore's.
struct AuthRoutes: Sendable {
    /// The operations over the account store.
    let service: AuthService
    /// The project API-key requests act in (the Auth emulator's default project).
    let defaultProject: String

    /// The project API-key requests act in when `hearth serve` names none.
    static let fallbackProject = "demo-hearth"

    static let identityToolkit = "/identitytoolkit.googleapis.com/v1/"
    static let secureToken = "/securetoken.googleapis.com/v1/token"
    static let emulatorAction = "/emulator/action"

    /// Whether `path` belongs to the Auth emulator.
    static func handles(_ path: String) -> Bool {
        if path.hasPrefix(identityToolkit) || path == secureToken || path == emulatorAction { return true }
        guard path.hasPrefix("/emulator/v1/projects/") else { return false }
        let segments = path.split(separator: "/")
        return segments.count == 5 && ["accounts", "oobCodes", "config"].contains(String(segments[4]))
    }

    /// The answer to an Auth request (nil when no route matches).
    func respond(to request: RESTRequest, target: RESTTarget) -> RESTResponse {
        if target.path == Self.emulatorAction {
            guard request.method == "GET" else { return Self.json(AuthError.notFound.json, status: AuthError.notFound.httpStatus) }
            return AuthActionPage(service: service, project: defaultProject).respond(to: target)
        }
        do throws(AuthError) {
            let (operation, caller, body) = try resolve(request, target: target)
            return Self.json(try service.perform(operation, caller: caller, body: body))
        } catch {
            return Self.json(error.json, status: error.httpStatus)
        }
    }

    /// The operation, caller and body a request names.
    private func resolve(
        _ request: RESTRequest, target: RESTTarget
    ) throws(AuthError) -> (AuthOperation, AuthCaller, AuthJSON) {
        let path = target.path
        if path.hasPrefix("/emulator/v1/projects/") {
            let segments = path.split(separator: "/").map(String.init)
            let caller = AuthCaller(project: segments[3], privileged: true)
            switch (segments[4], request.method) {
            case ("accounts", "DELETE"): return (.clearAccounts, caller, [:])
            case ("oobCodes", "GET"): return (.listOOBCodes, caller, [:])
            case ("config", "GET"): return (.getConfig, caller, [:])
            case ("config", "PATCH"): return (.updateConfig, caller, try AuthJSON.parse(request.body))
            default: throw .notFound
            }
        }
        let privileged = try Self.isPrivileged(request)
        if !privileged, (target.value("key") ?? request.header("x-goog-api-key") ?? "").isEmpty {
            throw .missingAPIKey
        }
        if path == Self.secureToken {
            guard request.method == "POST" else { throw .notFound }
            return (.refreshToken, AuthCaller(project: defaultProject, privileged: privileged), try Self.tokenBody(request))
        }
        let rest = String(path.dropFirst(Self.identityToolkit.count))
        var project = defaultProject
        var verb = rest
        if rest.hasPrefix("projects/") {
            let parts = rest.dropFirst("projects/".count).split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .notFound }
            guard privileged else { throw .invalid("INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.") }
            project = parts[0]
            verb = parts[1]
        }
        let caller = AuthCaller(project: project, privileged: privileged)
        if verb == "accounts", request.method == "POST" { return (.createAccount, caller, try AuthJSON.parse(request.body)) }
        guard verb.hasPrefix("accounts:"), let operation = AuthOperation(accountsVerb: String(verb.dropFirst("accounts:".count)))
        else { throw .notFound }
        if operation == .batchGet {
            guard request.method == "GET" else { throw .notFound }
            return (operation, caller, .object(Dictionary(target.query.map { ($0.name, AuthJSON.string($0.value)) }) { $1 }))
        }
        guard request.method == "POST" else { throw .notFound }
        var body = try AuthJSON.parse(request.body)
        if let named = body["targetProjectId"]?.string, named != project {
            guard privileged else { throw .invalid("INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.") }
            body = body.with("targetProjectId", nil)
            return (operation, AuthCaller(project: named, privileged: true), body)
        }
        return (operation, caller, body)
    }

    /// Whether the request carries an administrator's bearer token (`owner`, or a Google access token).
    /// - Throws: 401 for any other bearer token.
    static func isPrivileged(_ request: RESTRequest) throws(AuthError) -> Bool {
        guard let header = request.authorization?.trimmingCharacters(in: .whitespaces),
              header.lowercased().hasPrefix("bearer ")
        else { return false }
        let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        if token.lowercased() == "owner" || token.hasPrefix("ya29.") { return true }
        throw .invalidCredentials
    }

    /// The token endpoint's body: a form (what the JS SDK sends) or JSON.
    static func tokenBody(_ request: RESTRequest) throws(AuthError) -> AuthJSON {
        let type = request.header("content-type")?.lowercased() ?? ""
        guard type.contains("application/x-www-form-urlencoded") else { return try AuthJSON.parse(request.body) }
        let form = RESTTarget(uri: "/?" + String(decoding: request.body, as: UTF8.self))
        return .object(Dictionary(form.query.map { ($0.name, AuthJSON.string($0.value)) }) { $1 })
    }

    static func json(_ value: AuthJSON, status: Int = 200) -> RESTResponse {
        RESTResponse(status: status, contentType: "application/json; charset=utf-8", body: value.data)
    }
}
