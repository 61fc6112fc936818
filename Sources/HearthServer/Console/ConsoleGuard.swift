/// The console's defence against other web pages: a page the developer visits must not be able to
/// read or change local data through the browser. Requests must name a loopback host (or the
/// configured one) in `Host` — which stops DNS rebinding — and mutating requests that carry an
/// `Origin` must come from the console's own origin.
struct ConsoleGuard: Sendable {
    /// The host the server was configured to bind (accepted in `Host` besides loopback names).
    let boundHost: String

    /// Why a request is refused, or nil when it may proceed.
    func refusal(_ request: RESTRequest) -> String? {
        guard let host = request.host, !host.isEmpty else { return nil }
        guard isAllowedHost(Self.hostName(host)) else { return "Host '\(host)' is not this console's host." }
        guard Self.isMutating(request.method), let origin = request.origin else { return nil }
        if origin == "http://\(host)" { return nil }
        return "Cross-origin request from '\(origin)' refused: the console only accepts changes from http://\(host)."
    }

    /// Whether the method changes data.
    static func isMutating(_ method: String) -> Bool {
        !["GET", "HEAD", "OPTIONS"].contains(method.uppercased())
    }

    /// The host name of a `Host` header, without the port (brackets kept for IPv6).
    static func hostName(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") { return String(host[...close]) }
        return String(host.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// Whether `name` (a `Host` header's host, without the port) names this machine as the server
    /// was bound: loopback, the configured host, or anything when bound to every interface.
    func isAllowedHost(_ name: String) -> Bool {
        let lower = name.lowercased()
        // Bound to every interface: any name reaching it is this machine's (origins still checked).
        if ["0.0.0.0", "::", "[::]"].contains(boundHost) { return true }
        return ["127.0.0.1", "localhost", "[::1]", boundHost.lowercased(), "[\(boundHost.lowercased())]"].contains(lower)
    }
}
