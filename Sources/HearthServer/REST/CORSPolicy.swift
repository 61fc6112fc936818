import Foundation
import HearthCore

/// Which web pages may call the emulator from another origin (CORS), and the headers that say so.
///
/// Allowed by default: every loopback origin (`http://localhost:*`, `http://127.0.0.1:*`,
/// `http://[::1]:*`, and the same over https), which is where dev servers run, and the emulator's
/// own origin when the `Host` names this machine as bound (not a name rebound to it by another's
/// DNS). `hearth serve --cors-origin ORIGIN` adds one (a phone or a LAN address); `*` allows
/// every origin. Allowed origins are echoed back with credentials allowed, since the SDK's
/// WebChannel requests are made `withCredentials`. The console keeps its own, stricter checks
/// (`ConsoleGuard`) and never goes through this policy.
struct CORSPolicy: Sendable {
    /// Origins allowed besides loopback ones, normalized (lowercase, no trailing slash).
    let origins: Set<String>
    /// Whether every origin is allowed (`--cors-origin '*'`).
    let allowsEveryOrigin: Bool
    /// The bound host, for the same-origin rule's `Host` check.
    let hosts: ConsoleGuard

    /// The headers the browser may let the page read: what the WebChannel client looks at.
    static let exposedHeaders = "X-HTTP-Session-Id, X-Client-Wire-Protocol, X-WebChannel-Content-Type, Content-Type, Content-Length, Date"
    /// The methods Firestore's REST API and the emulator endpoints use.
    static let allowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
    /// The request headers allowed when a preflight names none.
    static let defaultAllowedHeaders =
        "Authorization, Content-Type, X-Goog-Api-Client, X-Firebase-GMPID, X-Goog-Api-Key, Google-Cloud-Resource-Prefix, X-Goog-Request-Params, X-Firebase-Client, X-Firebase-AppCheck"

    /// A policy allowing loopback origins plus `configured` (`*` allows all) on a server bound to `boundHost`.
    init(configured: [String], boundHost: String = "127.0.0.1") {
        hosts = ConsoleGuard(boundHost: boundHost)
        allowsEveryOrigin = configured.contains("*")
        origins = Set(configured.filter { $0 != "*" }.map(Self.normalize))
    }

    /// Whether a request from `origin` (its `Origin` header) to a server addressed as `host` (its
    /// `Host` header) may proceed.
    func allows(origin: String, host: String?) -> Bool {
        if allowsEveryOrigin { return true }
        let origin = Self.normalize(origin)
        if origins.contains(origin) || Self.isLoopback(origin) { return true }
        // The server's own origin (the console's pages), unless the Host is a name rebound to this
        // machine by someone else's DNS.
        guard let host = host?.lowercased(), !host.isEmpty, hosts.isAllowedHost(ConsoleGuard.hostName(host)) else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    /// The headers added to every answer to an allowed cross-origin request.
    func headers(origin: String) -> [(String, String)] {
        [
            ("Access-Control-Allow-Origin", origin),
            ("Access-Control-Allow-Credentials", "true"),
            ("Access-Control-Expose-Headers", Self.exposedHeaders),
            ("Vary", "Origin"),
        ]
    }

    /// The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin.
    func preflight(origin: String, request: RESTRequest) -> RESTResponse {
        var response = RESTResponse(status: 204, contentType: "text/plain; charset=utf-8", body: Data())
        let requested = request.header("access-control-request-headers").map { $0.trimmingCharacters(in: .whitespaces) }
        response.headers = headers(origin: origin) + [
            ("Access-Control-Allow-Methods", Self.allowedMethods),
            ("Access-Control-Allow-Headers", requested.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultAllowedHeaders),
            ("Access-Control-Max-Age", "86400"),
        ]
        if request.header("access-control-request-private-network")?.lowercased() == "true" {
            response.headers.append(("Access-Control-Allow-Private-Network", "true"))
        }
        return response
    }

    /// The answer to a request from an origin that is not allowed: 403, naming the flag.
    func refusal(origin: String) -> RESTResponse {
        RESTErrors.response(FirestoreError(
            .permissionDenied,
            "Cross-origin requests from '\(origin)' are not allowed. Loopback origins are; start the emulator with "
                + "`hearth serve --cors-origin \(origin)` to allow this one (or --cors-origin '*' for every origin)."))
    }

    /// Lowercase, without a trailing slash.
    static func normalize(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether `origin` (normalized) is `http(s)://` a loopback host, with any port.
    static func isLoopback(_ origin: String) -> Bool {
        let rest: Substring
        if origin.hasPrefix("http://") {
            rest = origin.dropFirst(7)
        } else if origin.hasPrefix("https://") {
            rest = origin.dropFirst(8)
        } else {
            return false
        }
        let host: Substring
        let port: Substring
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[...close]
            port = rest[rest.index(after: close)...]
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            port = rest[colon...]
        } else {
            host = rest
            port = ""
        }
        guard port.isEmpty || (port.first == ":" && port.count > 1 && port.dropFirst().allSatisfy(\.isNumber)) else { return false }
        return host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host.hasSuffix(".localhost")
    }
}
