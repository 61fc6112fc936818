import GRPCNIOTransportHTTP2
import NIOCore
import NIOPosix

/// Binds the one listening socket and prepares every accepted connection for gRPC behind a
/// `ProtocolSniffer`, which hands HTTP/1.1 connections to the REST handler instead.
struct SniffingListenerFactory: HTTP2ServerTransport.ListenerFactory {
    /// The address to bind.
    let host: String
    /// The port to bind (0 = any free port).
    let port: Int
    /// The event loops of the listener and its connections.
    let eventLoopGroup: any EventLoopGroup
    /// Builds the REST handler for one HTTP/1.1 connection.
    let makeRESTHandler: @Sendable () -> any ChannelHandler

    /// How large the buffers of each connection's socket reads are.
    static let receiveBuffers = AdaptiveRecvByteBufferAllocator(minimum: 1_024, initial: 65_536, maximum: 262_144)

    func makeListeningChannel(
        listenerConfigurator: HTTP2ServerTransport.ListenerConfigurator,
        connectionConfigurator: HTTP2ServerTransport.ConnectionConfigurator
    ) async throws -> NIOAsyncChannel<HTTP2ServerTransport.ConnectionConfigurator.ConnectionChannel, Never> {
        let makeRESTHandler = self.makeRESTHandler
        return try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Reads of up to 256 KiB, starting at 64 KiB (NIO's default: 2 KiB growing to 64 KiB),
            // up to 16 a turn of the loop: a ~160 KB 500-document Commit arrives in a read or two
            // instead of a dozen passes through the pipeline. Cut the request's way in from 1.4-1.9
            // to 0.85-1.1 ms (docs/history/wire-journal.md); small reads shrink the buffer back towards 1 KiB.
            .childChannelOption(.recvAllocator, value: Self.receiveBuffers)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .serverChannelInitializer { channel in listenerConfigurator.configure(channel: channel) }
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ProtocolSniffer(makeRESTHandler: makeRESTHandler))
                }.flatMap {
                    connectionConfigurator.configure(channel: channel, tls: .none)
                }
            }
    }
}
