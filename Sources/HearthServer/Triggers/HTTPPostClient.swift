import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTP/1.1 POST over its own connection (`Connection: close`), on NIO, with TLS for `https`
/// URLs from the NIOSSL that the gRPC transport already links. It replaces Foundation's
/// URLSession, whose Linux build loads libcurl and some thirty more libraries into every
/// `hearth` process for the few triggers that need a client (specs/architecture.md, "Process").
struct HTTPPostClient: Sendable {
    /// A function's answer: its status and the first bytes of its body (for error messages).
    struct Response: Sendable, Equatable {
        /// The HTTP status code.
        var status: Int
        /// At most `HTTPPostClient.bodyPrefixLimit` bytes of the body.
        var bodyPrefix: [UInt8]
    }

    /// The body bytes an answer keeps; the rest is read and dropped.
    static let bodyPrefixLimit = 300

    /// The loops connections run on.
    let group: any EventLoopGroup
    /// The TLS set-up for `https` URLs; `nil` refuses them.
    let tls: NIOSSLContext?

    /// A client on `group`; `https` URLs are allowed when `tls` is given.
    init(group: any EventLoopGroup, tls: NIOSSLContext?) {
        self.group = group
        self.tls = tls
    }

    /// A TLS context trusting the system's roots, as a client of public HTTPS endpoints needs.
    /// - Throws: when the roots cannot be loaded.
    static func systemTrustTLS() throws -> NIOSSLContext {
        try NIOSSLContext(configuration: .makeClientConfiguration())
    }

    /// POSTs `body` with `headers` to `url`, waiting at most `timeout` for the whole answer.
    /// - Throws: `HTTPPostError` when the URL is unusable, the connection fails or closes early,
    ///   or the time runs out.
    func post(to url: URL, headers: [(String, String)], body: [UInt8], timeout: Duration) async throws -> Response {
        let target = try HTTPPostTarget(url: url)
        if target.secure, tls == nil { throw HTTPPostError.unsupportedScheme("https") }
        let loop = group.next()
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let promise = loop.makePromise(of: Response.self)
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: target.requestTarget)
        head.headers.add(name: "Host", value: target.hostHeader)
        head.headers.add(name: "Content-Length", value: String(body.count))
        head.headers.add(name: "Connection", value: "close")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = HTTPPostRequest(head: head, body: body)
        let tls = target.secure ? tls : nil
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(TimeAmount(timeout))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            let handler = try NIOSSLClientHandler(context: tls, serverHostname: target.tlsServerName)
                            try channel.pipeline.syncOperations.addHandler(handler)
                        }
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(HTTPPostExchange(request: request, answer: promise))
                    }
                }
                .connect(host: target.host, port: target.port).get()
        } catch {
            promise.fail(error)
            throw HTTPPostError.unreachable(String(describing: error))
        }
        let timer = loop.scheduleTask(deadline: deadline) {
            promise.fail(HTTPPostError.timedOut(timeout))
            channel.close(promise: nil)
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        return try await withTaskCancellationHandler {
            do {
                return try await promise.futureResult.get()
            } catch let error as HTTPPostError {
                throw error
            } catch {
                throw HTTPPostError.unreachable(String(describing: error))
            }
        } onCancel: {
            promise.fail(CancellationError())
            channel.close(promise: nil)
        }
    }
}

/// Why a POST got no answer.
enum HTTPPostError: Error, Equatable, CustomStringConvertible {
    /// The URL's scheme is not one this client speaks.
    case unsupportedScheme(String)
    /// The URL has no host.
    case missingHost
    /// The connection could not be made, failed, or closed before a whole answer.
    case unreachable(String)
    /// No whole answer within the time allowed.
    case timedOut(Duration)

    var description: String {
        switch self {
        case .unsupportedScheme(let scheme): return "the \(scheme) scheme is not supported here"
        case .missingHost: return "the URL names no host"
        case .unreachable(let why): return why
        case .timedOut(let timeout): return "no answer within \(timeout)"
        }
    }
}

/// Where a URL's request goes: the address to connect to and what the request line and `Host`
/// header say.
struct HTTPPostTarget: Sendable, Equatable {
    /// The host to connect to (an IPv6 literal without brackets).
    var host: String
    /// The port (80 or 443 when the URL names none).
    var port: Int
    /// Whether the URL is `https`.
    var secure: Bool
    /// The path and query, as the request line carries them.
    var requestTarget: String
    /// The `Host` header's value.
    var hostHeader: String

    /// The name TLS checks the certificate against: the host unless it is an IP literal.
    var tlsServerName: String? {
        host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }

    /// The target of `url`.
    /// - Throws: `HTTPPostError` for a scheme other than `http`/`https` or a missing host.
    init(url: URL) throws {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { throw HTTPPostError.unsupportedScheme(scheme) }
        var host = url.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw HTTPPostError.missingHost }
        secure = scheme == "https"
        let defaultPort = secure ? 443 : 80
        self.host = host
        port = url.port ?? defaultPort
        let path = url.path(percentEncoded: true)
        let query = url.query(percentEncoded: true).map { "?" + $0 } ?? ""
        requestTarget = (path.isEmpty ? "/" : path) + query
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostHeader = port == defaultPort ? bracketed : "\(bracketed):\(port)"
    }
}

/// The request one exchange sends.
struct HTTPPostRequest: Sendable {
    /// Its head.
    var head: HTTPRequestHead
    /// Its body.
    var body: [UInt8]
}

/// Sends one request when the connection is up and completes `answer` with the response (or the
/// reason there is none), then closes the connection.
final class HTTPPostExchange: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let request: HTTPPostRequest
    private let answer: EventLoopPromise<HTTPPostClient.Response>
    private var status: Int?
    private var bodyPrefix: [UInt8] = []
    private var finished = false

    /// An exchange that sends `request` and reports through `answer`.
    init(request: HTTPPostRequest, answer: EventLoopPromise<HTTPPostClient.Response>) {
        self.request = request
        self.answer = answer
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: request.body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // An interim 1xx answer is followed by the real one.
            if head.status.code >= 200 { status = Int(head.status.code) }
        case .body(let buffer):
            let room = HTTPPostClient.bodyPrefixLimit - bodyPrefix.count
            if room > 0 { bodyPrefix += buffer.readableBytesView.prefix(room) }
        case .end:
            guard let status else { return }
            finish(context: context, .success(HTTPPostClient.Response(status: status, bodyPrefix: bodyPrefix)))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(context: context, .failure(HTTPPostError.unreachable("the connection closed before a whole answer")))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(context: context, .failure(HTTPPostError.unreachable(String(describing: error))))
    }

    private func finish(context: ChannelHandlerContext, _ result: Result<HTTPPostClient.Response, any Error>) {
        guard !finished else { return }
        finished = true
        answer.completeWith(result)
        context.close(promise: nil)
    }
}
