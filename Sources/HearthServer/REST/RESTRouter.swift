import FirestoreWire
import Foundation
import HearthCore

/// Routes REST requests: `GET /`, Firestore's `/v1/…` paths and the emulator's endpoints.
struct RESTRouter: RESTResponder {
    /// The transport-independent Firestore operations.
    let operations: FirestoreOperations
    /// The emulator's controls (rules, clearing, shutdown).
    let controls: EmulatorControls
    /// One log line per request.
    let log: RequestLog
    /// The console (its page and API under `/console`), when served.
    var console: ConsoleRoutes? = nil
    /// Listen and Write over WebChannel (the JS SDK's transport), when served.
    var webChannel: WebChannelRoutes? = nil
    /// The Auth emulator's routes, when served.
    var auth: AuthRoutes? = nil
    /// Which other origins may call (the console keeps its own checks).
    var cors = CORSPolicy(configured: [])

    func respond(to request: RESTRequest) async -> RESTResponse {
        let target = RESTTarget(uri: request.uri)
        if let console, target.path == "/console" || target.path.hasPrefix("/console/") {
            // The console's own traffic stays out of the request log it displays.
            return await console.respond(to: request, target: target)
        }
        guard let origin = request.origin else {
            return request.method == "OPTIONS" ? RESTResponse(status: 204, contentType: "text/plain", body: Data()) : await answer(request, target: target)
        }
        guard cors.allows(origin: origin, host: request.host) else { return cors.refusal(origin: origin) }
        if request.method == "OPTIONS" { return cors.preflight(origin: origin, request: request) }
        var response = await answer(request, target: target)
        response.headers += cors.headers(origin: origin)
        return response
    }

    /// The answer to a request the CORS policy let through.
    private func answer(_ request: RESTRequest, target: RESTTarget) async -> RESTResponse {
        if let webChannel, target.path.hasPrefix(WebChannelRoutes.prefix) {
            // Logged as the Listen and Write streams they carry, not as HTTP requests.
            return await webChannel.respond(to: request, target: target) ?? notFound(request)
        }
        if let auth, AuthRoutes.handles(target.path) {
            let entry = log.start(method: "Auth \(request.method)", resource: target.path)
            let response = auth.respond(to: request, target: target)
            log.finish(entry, access: nil, status: Self.code(httpStatus: response.status), detail: nil)
            return response
        }
        let entry = log.start(method: "REST \(request.method)", resource: target.path)
        var access: AccessContext?
        var failure: FirestoreError?
        let response = await log.tracing(entry) { await route(request, target: target, access: &access, failure: &failure) }
        log.finish(
            entry, access: access, status: failure?.code ?? Self.code(httpStatus: response.status), detail: failure?.message)
        return response
    }

    private func route(
        _ request: RESTRequest, target: RESTTarget, access: inout AccessContext?, failure: inout FirestoreError?
    ) async -> RESTResponse {
        if target.path == "/" || target.path.isEmpty {
            return request.method == "GET" || request.method == "HEAD" ? .text("Ok\n") : notFound(request)
        }
        do {
            if target.path == "/shutdown" {
                guard request.method == "POST" else { return notFound(request) }
                let controls = self.controls
                var response = RESTResponse.text("Shutting down\n")
                response.afterSent = { controls.requestShutdown() }
                return response
            }
            if target.path.hasPrefix("/emulator/v1/") {
                return try await EmulatorRoutes(controls: controls).respond(to: request, target: target) ?? notFound(request)
            }
            if target.path.hasPrefix("/v1/") {
                let caller = try AuthorizationHeader.access(request.authorization)
                access = caller
                return try await DocumentRoutes(operations: operations)
                    .respond(to: request, target: target, access: caller) ?? notFound(request)
            }
            return notFound(request)
        } catch {
            let firestoreError = WireStatus.firestoreError(error)
            failure = firestoreError
            if firestoreError.code == .internal { log.internalError(error, method: "REST \(request.method)") }
            return RESTErrors.response(firestoreError)
        }
    }

    /// The canonical code a REST status stands for (the inverse of `WireStatus.httpStatus`).
    static func code(httpStatus: Int) -> FirestoreError.Code {
        if (200..<300).contains(httpStatus) { return .ok }
        return FirestoreError.Code.allCases.first { $0 != .ok && WireStatus.httpStatus($0) == httpStatus } ?? .unknown
    }

    private func notFound(_ request: RESTRequest) -> RESTResponse {
        RESTErrors.response(status: 404, code: "NOT_FOUND", message: "No such endpoint: \(request.method) \(request.uri)")
    }
}
