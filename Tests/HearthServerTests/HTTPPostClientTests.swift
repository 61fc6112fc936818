import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Testing

@testable import HearthServer

/// The triggers' HTTP client against a small HTTP/1.1 server on loopback.
@Suite(.timeLimit(.minutes(1)))
struct HTTPPostClientTests {
    @Test func aPostCarriesItsHeadersAndBodyAndReturnsTheStatusAndBody() async throws {
        let server = try await RecordingHTTPServer.start(answer: .init(status: .accepted, body: "queued"))
        defer { server.stop() }
        let client = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: nil)
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/fn/path?x=1"))
        let body = Array("payload bytes".utf8)
        let response = try await client.post(
            to: url, headers: [("ce-id", "e1"), ("Content-Type", "application/protobuf")], body: body, timeout: .seconds(10))
        #expect(response == HTTPPostClient.Response(status: 202, bodyPrefix: Array("queued".utf8)))
        let received = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(received.head.method == .POST)
        #expect(received.head.uri == "/fn/path?x=1")
        #expect(received.head.headers["ce-id"] == ["e1"])
        #expect(received.head.headers["Content-Type"] == ["application/protobuf"])
        #expect(received.head.headers["Host"] == ["127.0.0.1:\(server.port)"])
        #expect(received.head.headers["Content-Length"] == [String(body.count)])
        #expect(received.body == body)
    }

    @Test func aLongErrorBodyIsCutToItsPrefix() async throws {
        let long = String(repeating: "e", count: 5000)
        let server = try await RecordingHTTPServer.start(answer: .init(status: .internalServerError, body: long))
        defer { server.stop() }
        let client = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: nil)
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
        let response = try await client.post(to: url, headers: [], body: [], timeout: .seconds(10))
        #expect(response.status == 500)
        #expect(response.bodyPrefix == Array(long.utf8.prefix(HTTPPostClient.bodyPrefixLimit)))
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let server = try await RecordingHTTPServer.start(answer: .init(status: .ok, body: ""))
        let port = server.port
        server.stop()
        let client = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: nil)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        await #expect {
            _ = try await client.post(to: url, headers: [], body: [], timeout: .seconds(10))
        } throws: { error in
            guard case .unreachable = error as? HTTPPostError else { return false }
            return true
        }
    }

    @Test func aServerThatNeverAnswersEndsAtTheTimeout() async throws {
        let server = try await RecordingHTTPServer.start(answer: nil)
        defer { server.stop() }
        let client = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: nil)
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
        await #expect(throws: HTTPPostError.timedOut(.milliseconds(200))) {
            _ = try await client.post(to: url, headers: [], body: Array("x".utf8), timeout: .milliseconds(200))
        }
        #expect(server.requests.count == 1)
    }

    @Test func httpsIsRefusedWithoutTLSAndATLSHandshakeWithAPlainServerFails() async throws {
        let server = try await RecordingHTTPServer.start(answer: .init(status: .ok, body: ""))
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/"))
        let plain = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: nil)
        await #expect(throws: HTTPPostError.unsupportedScheme("https")) {
            _ = try await plain.post(to: url, headers: [], body: [], timeout: .seconds(10))
        }
        let secure = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: try HTTPPostClient.systemTrustTLS())
        await #expect {
            _ = try await secure.post(to: url, headers: [], body: [], timeout: .seconds(10))
        } throws: { error in
            guard case .unreachable = error as? HTTPPostError else { return false }
            return true
        }
        #expect(server.requests.isEmpty)
    }

    @Test func targetsNameTheHostPortAndRequestLine() throws {
        let plain = try HTTPPostTarget(url: #require(URL(string: "http://localhost/")))
        #expect(plain.host == "localhost")
        #expect(plain.port == 80)
        #expect(!plain.secure)
        #expect(plain.requestTarget == "/")
        #expect(plain.hostHeader == "localhost")
        let secure = try HTTPPostTarget(url: #require(URL(string: "https://fn.example.com/a%20b?q=1")))
        #expect(secure.port == 443)
        #expect(secure.requestTarget == "/a%20b?q=1")
        #expect(secure.hostHeader == "fn.example.com")
        #expect(secure.tlsServerName == "fn.example.com")
        let v6 = try HTTPPostTarget(url: #require(URL(string: "http://[::1]:9000")))
        #expect(v6.host == "::1")
        #expect(v6.hostHeader == "[::1]:9000")
        #expect(v6.requestTarget == "/")
        #expect(v6.tlsServerName == nil)
        #expect(throws: HTTPPostError.unsupportedScheme("ftp")) { try HTTPPostTarget(url: #require(URL(string: "ftp://h/"))) }
    }
}

/// A loopback HTTP/1.1 server that records each request and answers with one fixed response, or
/// never answers when `answer` is `nil`.
final class RecordingHTTPServer: Sendable {
    /// The fixed response.
    struct Answer: Sendable {
        var status: HTTPResponseStatus
        var body: String
    }

    /// One request as received.
    struct Received: Sendable {
        var head: HTTPRequestHead
        var body: [UInt8]
    }

    private let channel: any Channel
    private let log: ReceivedLog

    /// The bound port.
    var port: Int { channel.localAddress?.port ?? 0 }
    /// The requests received so far, in order.
    var requests: [Received] { log.items.withLock { $0 } }

    private init(channel: any Channel, log: ReceivedLog) {
        self.channel = channel
        self.log = log
    }

    /// Binds a free loopback port.
    static func start(answer: Answer?) async throws -> RecordingHTTPServer {
        let log = ReceivedLog()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder(answer: answer, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RecordingHTTPServer(channel: channel, log: log)
    }

    /// Closes the listening socket.
    func stop() {
        try? channel.close().wait()
    }

    /// What the connections' handlers have received.
    private final class ReceivedLog: Sendable {
        let items = Mutex<[Received]>([])
    }

    private final class Responder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let answer: Answer?
        let log: ReceivedLog
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(answer: Answer?, log: ReceivedLog) {
            self.answer = answer
            self.log = log
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let value): head = value
            case .body(let buffer): body += buffer.readableBytesView
            case .end:
                guard let head else { return }
                log.items.withLock { $0.append(Received(head: head, body: body)) }
                guard let answer else { return }
                var headers = HTTPHeaders()
                headers.add(name: "Content-Length", value: String(answer.body.utf8.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: answer.status, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
