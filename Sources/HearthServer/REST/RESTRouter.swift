import Foundation
import HearthCore

/// Routes REST requests: `GET /`, Firestore's `/v1/…` paths and the emulator's endpoints.
struct RESTRouter: RESTResponder {
    /// The transport-independent Firestore operations.
    let operations: FirestoreOperations
    /// The emulator's controls (rules, clearing, shutdown).
    let controls: EmulatorControls

    func respond(to request: RESTRequest) async -> RESTResponse {
        let target = RESTTarget(uri: request.uri)
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
                let access = try AuthorizationHeader.access(request.authorization)
                return try await DocumentRoutes(operations: operations)
                    .respond(to: request, target: target, access: access) ?? notFound(request)
            }
            return notFound(request)
        } catch {
            let firestoreError = WireStatus.firestoreError(error)
            if firestoreError.code == .internal { ServerLog.error("internal error: \(error)") }
            return RESTErrors.response(firestoreError)
        }
    }

    private func notFound(_ request: RESTRequest) -> RESTResponse {
        RESTErrors.response(status: 404, code: "NOT_FOUND", message: "No such endpoint: \(request.method) \(request.uri)")
    }
}
