import Foundation

/// One HTTP/1.1 request as the REST layer sees it.
struct RESTRequest: Sendable {
    /// `GET`, `POST`, …
    let method: String
    /// The request target: path and query string, still percent-encoded.
    let uri: String
    /// The `Authorization` header, if any.
    let authorization: String?
    /// The body.
    let body: Data
    /// The `Origin` header, if any (the console refuses cross-origin writes).
    var origin: String? = nil
    /// The `Host` header, if any.
    var host: String? = nil
    /// Every header, in order (names as sent).
    var headers: [(name: String, value: String)] = []

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP/1.1 response.
struct RESTResponse: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The `Content-Type`.
    var contentType: String
    /// The body.
    var body: Data
    /// Further headers (CORS, WebChannel's session header).
    var headers: [(String, String)] = []
    /// Runs once the response has been written (e.g. `/shutdown` stops the server afterwards).
    var afterSent: (@Sendable () -> Void)?
    /// A streamed body (Server-Sent Events): written chunk by chunk after `body`, until the stream
    /// ends or the client goes away (which cancels the stream's consumer).
    var stream: AsyncStream<Data>? = nil

    /// A JSON response.
    static func json(_ text: String, status: Int = 200) -> RESTResponse {
        RESTResponse(status: status, contentType: "application/json; charset=utf-8", body: Data(text.utf8))
    }

    /// A plain-text response.
    static func text(_ text: String, status: Int = 200) -> RESTResponse {
        RESTResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
    }
}

/// Answers REST requests; implemented by `RESTRouter`.
protocol RESTResponder: Sendable {
    /// The response to `request`; never throws (errors become error responses).
    func respond(to request: RESTRequest) async -> RESTResponse
}
