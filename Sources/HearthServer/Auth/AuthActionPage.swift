import Foundation
internal import HearthAuth

/// `GET /emulator/action`, where the out-of-band links point: following a link applies its code as
/// the Auth emulator does — a verification applies, a reset sets `newPassword`, a sign-in link
/// redirects to the app — answering `{"authEmulator": {"success"|"error", …}}` or a 303 redirect.
struct AuthActionPage: Sendable {
    /// The operations over the account store.
    let service: AuthService
    /// The project the link's API key stands for.
    let project: String

    /// The answer to a followed link with the query `target`.
    func respond(to target: RESTTarget) -> RESTResponse {
        guard target.value("apiKey")?.isEmpty == false else {
            return Self.refusal(
                "missing apiKey query parameter",
                ["instructions": "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY"])
        }
        guard let code = target.value("oobCode"), !code.isEmpty else {
            return Self.refusal(
                "missing oobCode query parameter",
                ["instructions": "Please modify the URL to specify an oobCode, such as ...&oobCode=YOUR_OOB_CODE"])
        }
        let continueURL = target.value("continueUrl").flatMap { $0.isEmpty ? nil : $0 }
        switch target.value("mode") {
        case "verifyEmail":
            return apply(code, continueURL: continueURL, success: "The email has been successfully verified.", field: "email",
                         expired: "Your request to verify your email has expired or the link has already been used.",
                         retry: "Try verifying your email again.")
        case "verifyAndChangeEmail":
            return apply(code, continueURL: continueURL, success: "The email has been successfully changed.", field: "newEmail",
                         expired: "Your request to change your email has expired or the link has already been used.",
                         retry: "Try changing your email again.")
        case "recoverEmail":
            return Self.refusal(
                "Requested mode does not match the OOB code provided.",
                ["instructions": "If you're trying to test the reverting email flow, try changing the email again to generate a new link."])
        case "resetPassword":
            return resetPassword(code, newPassword: target.value("newPassword"), continueURL: continueURL)
        case "signIn":
            return signIn(target, continueURL: continueURL)
        default:
            return Self.refusal("Invalid mode", [:])
        }
    }

    /// Applies a verification code (`accounts:update {oobCode}`), then redirects or reports `success`.
    private func apply(
        _ code: String, continueURL: String?, success: String, field: String, expired: String, retry: String
    ) -> RESTResponse {
        let applied: AuthJSON
        do {
            applied = try service.perform(.update, caller: caller, body: ["oobCode": .string(code)])
        } catch {
            return Self.refusal(expired, ["instructions": .string(retry)])
        }
        if let continueURL { return Self.redirect(to: continueURL) }
        var answer: [String: AuthJSON] = ["success": .string(success)]
        answer[field] = applied[field]
        return AuthRoutes.json(["authEmulator": .object(answer)])
    }

    /// Sets `newPassword` with a `PASSWORD_RESET` code; without one, says how to send it.
    private func resetPassword(_ code: String, newPassword: String?, continueURL: String?) -> RESTResponse {
        let expired = Self.refusal(
            "Your request to reset your password has expired or the link has already been used.",
            ["instructions": "Try resetting your password again."])
        guard let inspected = try? service.perform(.resetPassword, caller: caller, body: ["oobCode": .string(code)]),
              inspected["requestType"]?.string == "PASSWORD_RESET"
        else { return expired }
        let email = inspected["email"]?.string ?? ""
        let template = link(of: code).map { "\($0)&newPassword=NEW_PASSWORD_HERE" } ?? ""
        guard let newPassword, !newPassword.isEmpty else {
            return Self.refusal("missing newPassword query parameter", [
                "instructions": .string("To reset the password for \(email), send an HTTP GET request to the following URL."),
                "instructions2": "You may use a web browser or any HTTP client, such as curl.",
                "urlTemplate": .string(template),
            ])
        }
        guard newPassword != "NEW_PASSWORD_HERE" else {
            return Self.refusal("newPassword must be something other than 'NEW_PASSWORD_HERE'", [
                "instructions": "The string 'NEW_PASSWORD_HERE' is just a placeholder.",
                "instructions2": "Please change the URL to specify a new password instead.",
                "urlTemplate": .string(template),
            ])
        }
        do {
            _ = try service.perform(
                .resetPassword, caller: caller, body: ["oobCode": .string(code), "newPassword": .string(newPassword)])
        } catch {
            return AuthRoutes.json(["authEmulator": ["error": .string(error.message)]], status: 400)
        }
        if let continueURL { return Self.redirect(to: continueURL) }
        return AuthRoutes.json(["authEmulator": ["success": "The password has been successfully updated.", "email": .string(email)]])
    }

    /// Redirects an e-mail sign-in link to the app, the link's query (but `continueUrl`) copied on.
    private func signIn(_ target: RESTTarget, continueURL: String?) -> RESTResponse {
        guard let continueURL, var components = URLComponents(string: continueURL), components.scheme != nil else {
            return Self.refusal(
                "Missing continueUrl query parameter",
                ["instructions": "To sign in, append &continueUrl=YOUR_APP_URL to the link."])
        }
        var items = components.queryItems ?? []
        for parameter in target.query where parameter.name != "continueUrl" {
            items.removeAll { $0.name == parameter.name }
            items.append(URLQueryItem(name: parameter.name, value: parameter.value))
        }
        components.queryItems = items
        return Self.redirect(to: components.string ?? continueURL)
    }

    /// The link recorded with `code`, as the emulator's `oobCodes` list shows it.
    private func link(of code: String) -> String? {
        let listed = try? service.perform(.listOOBCodes, caller: AuthCaller(project: project, privileged: true), body: [:])
        return listed?["oobCodes"]?.elements?.first { $0["oobCode"]?.string == code }?["oobLink"]?.string
    }

    /// Links act as an app of the project, not as an administrator.
    private var caller: AuthCaller { AuthCaller(project: project, privileged: false) }

    /// A 400 `{"authEmulator": {"error": message, …details}}`.
    private static func refusal(_ message: String, _ details: [String: AuthJSON]) -> RESTResponse {
        var answer = details
        answer["error"] = .string(message)
        return AuthRoutes.json(["authEmulator": .object(answer)], status: 400)
    }

    /// A 303 to `location`.
    private static func redirect(to location: String) -> RESTResponse {
        var response = RESTResponse.text("", status: 303)
        response.headers.append(("Location", location))
        return response
    }
}
