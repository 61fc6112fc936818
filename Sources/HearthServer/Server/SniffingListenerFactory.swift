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

    func makeListeningChannel(
        listenerConfigurator: HTTP2ServerTransport.ListenerConfigurator,
        connectionConfigurator: HTTP2ServerTransport.ConnectionConfigurator
    ) async throws -> NIOAsyncChannel<HTTP2ServerTransport.ConnectionConfigurator.ConnectionChannel, Never> {
        let makeRESTHandler = self.makeRESTHandler
        return try await ServerBootstrap(group: eventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
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
