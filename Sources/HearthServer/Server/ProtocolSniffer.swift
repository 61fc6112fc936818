import NIOCore
import NIOHTTP1

/// Tells HTTP/2 (gRPC) from HTTP/1.1 (REST) on one connection by its first bytes, so both share a
/// port as in Google's emulator. It sits first in a pipeline already configured for gRPC:
/// - on the HTTP/2 connection preface it replays what it held back and leaves the pipeline;
/// - otherwise it puts an HTTP/1.1 server with the REST handler in front of itself and from then
///   on swallows whatever the idle gRPC handlers behind it try to write (their SETTINGS frame).
///
/// Isolation: used only on its channel's event loop.
final class ProtocolSniffer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// The client connection preface of HTTP/2 with prior knowledge.
    static let http2Preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private enum Mode {
        case sniffing
        case http2
        case http1
    }

    private var mode = Mode.sniffing
    private var received: ByteBuffer?
    private var heldWrites: [(NIOAny, EventLoopPromise<Void>?)] = []
    private var heldFlush = false
    private let makeRESTHandler: () -> any ChannelHandler

    /// Creates a sniffer that builds the REST handler with `makeRESTHandler` when HTTP/1 is seen.
    init(makeRESTHandler: @escaping () -> any ChannelHandler) {
        self.makeRESTHandler = makeRESTHandler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch mode {
        case .http2:
            context.fireChannelRead(data)
        case .http1:
            break
        case .sniffing:
            var bytes = unwrapInboundIn(data)
            if received == nil {
                received = bytes
            } else {
                received?.writeBuffer(&bytes)
            }
            decide(context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch mode {
        case .http2: context.write(data, promise: promise)
        case .http1: promise?.succeed(())
        case .sniffing: heldWrites.append((data, promise))
        }
    }

    func flush(context: ChannelHandlerContext) {
        switch mode {
        case .http2: context.flush()
        case .http1: break
        case .sniffing: heldFlush = true
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let held = heldWrites
        heldWrites = []
        for (_, promise) in held { promise?.fail(ChannelError.ioOnClosedChannel) }
        context.fireChannelInactive()
    }

    /// Looks at the bytes so far and switches once they are conclusive.
    private func decide(context: ChannelHandlerContext) {
        guard let received else { return }
        let bytes = received.readableBytesView
        let compared = min(bytes.count, Self.http2Preface.count)
        if !bytes.prefix(compared).elementsEqual(Self.http2Preface.prefix(compared)) {
            switchToHTTP1(context: context)
        } else if bytes.count >= Self.http2Preface.count {
            switchToHTTP2(context: context)
        }
    }

    private func switchToHTTP2(context: ChannelHandlerContext) {
        mode = .http2
        let held = heldWrites
        heldWrites = []
        for (data, promise) in held { context.write(data, promise: promise) }
        if heldFlush { context.flush() }
        if let received {
            self.received = nil
            context.fireChannelRead(wrapInboundOut(received))
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func switchToHTTP1(context: ChannelHandlerContext) {
        mode = .http1
        let held = heldWrites
        heldWrites = []
        for (_, promise) in held { promise?.succeed(()) }
        do {
            let handlers: [any ChannelHandler] = [
                HTTPResponseEncoder(),
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)),
                HTTPServerPipelineHandler(),
                HTTPServerProtocolErrorHandler(),
                makeRESTHandler(),
            ]
            try context.pipeline.syncOperations.addHandlers(handlers, position: .first)
        } catch {
            context.close(promise: nil)
            return
        }
        if let received {
            self.received = nil
            context.pipeline.fireChannelRead(received)
            context.pipeline.fireChannelReadComplete()
        }
    }
}
