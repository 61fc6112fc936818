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
    /// The task writing a streamed response, cancelled when the connection closes.
    private var streamTask: Task<Void, Never>?

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
                body: Data(body.readableBytesView),
                origin: head.headers.first(name: "origin"), host: head.headers.first(name: "host"),
                headers: head.headers.map { (name: $0.name, value: $0.value) })
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

    func channelInactive(context: ChannelHandlerContext) {
        streamTask?.cancel()
        streamTask = nil
        context.fireChannelInactive()
    }

    private func write(_ response: RESTResponse, head: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        if let stream = response.stream {
            writeStream(stream, response: response, head: head, context: context)
            return
        }
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "content-length", value: String(response.body.count))
        headers.add(name: "connection", value: keepAlive ? "keep-alive" : "close")
        for (name, value) in response.headers { headers.add(name: name, value: value) }
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

    /// Writes a streamed response: the head (chunked, no caching), then each chunk as it comes,
    /// asking for the next once the last is written; the connection closes when the stream ends.
    private func writeStream(_ stream: AsyncStream<Data>, response: RESTResponse, head: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: response.contentType)
        headers.add(name: "cache-control", value: "no-cache")
        headers.add(name: "connection", value: "close")
        for (name, value) in response.headers where name.lowercased() != "cache-control" { headers.add(name: name, value: value) }
        let responseHead = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        context.flush()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        streamTask = Task {
            for await chunk in stream {
                if Task.isCancelled { break }
                // The next chunk is asked for once this one is written: a client that reads slowly
                // holds back the producer instead of piling data up in the channel.
                let written = bound.eventLoop.flatSubmit {
                    let (handler, context) = bound.value
                    return context.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: chunk)))))
                }
                do {
                    try await written.get()
                } catch {
                    break
                }
            }
            bound.eventLoop.execute {
                let (handler, context) = bound.value
                let channel = context.channel
                context.writeAndFlush(handler.wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
