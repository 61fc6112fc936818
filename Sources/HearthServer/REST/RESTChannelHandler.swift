import Foundation
import NIOCore
import NIOHTTP1

/// Serves HTTP/1.1 requests on one connection: gathers each request (bounded by the size limit),
/// asks the `RESTResponder` asynchronously, and writes the answer back in order.
///
/// Isolation: used only on its channel's event loop; the responder runs in a task and hops back.
final class RESTChannelHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: any RESTResponder
    private let maxBodyBytes: Int
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false

    /// Creates a handler answering through `responder`, refusing bodies over `maxBodyBytes`.
    init(responder: any RESTResponder, maxBodyBytes: Int) {
        self.responder = responder
        self.maxBodyBytes = maxBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body.clear()
            tooLarge = false
        case .body(var chunk):
            if body.readableBytes + chunk.readableBytes > maxBodyBytes {
                tooLarge = true
                body.clear()
            } else if !tooLarge {
                body.writeBuffer(&chunk)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let keepAlive = head.isKeepAlive
            if tooLarge {
                let error = RESTErrors.response(
                    status: 413, code: "RESOURCE_EXHAUSTED",
                    message: "Request payload size exceeds the limit: \(maxBodyBytes) bytes.")
                write(error, head: head, keepAlive: false, context: context)
                return
            }
            let request = RESTRequest(
                method: head.method.rawValue, uri: head.uri,
                authorization: head.headers.first(name: "authorization"),
                body: Data(body.readableBytesView))
            body.clear()
            let responder = self.responder
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            Task {
                let response = await responder.respond(to: request)
                bound.eventLoop.execute {
                    let (handler, context) = bound.value
                    handler.write(response, head: head, keepAlive: keepAlive, context: context)
                }
            }
        }
    }

    private func write(_ response: RESTResponse, head: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "content-length", value: String(response.body.count))
        headers.add(name: "connection", value: keepAlive ? "keep-alive" : "close")
        let responseHead = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        let afterSent = response.afterSent
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
            afterSent?()
        }
    }
}
