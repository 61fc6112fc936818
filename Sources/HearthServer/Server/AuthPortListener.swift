import NIOCore
import NIOHTTP1
import NIOPosix

/// A second, HTTP/1.1-only port for the Auth emulator (`hearth serve --auth-port 9099`, the port
/// Firebase tooling assumes). It answers through the same router as the main port.
enum AuthPortListener {
    /// Binds `host:port` and serves REST requests with `makeRESTHandler`; returns the bound channel.
    /// - Throws: when the address cannot be bound.
    static func bind(
        host: String, port: Int, group: any EventLoopGroup, makeRESTHandler: @escaping @Sendable () -> any ChannelHandler
    ) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(makeRESTHandler())
                }
            }
            .bind(host: host, port: port).get()
    }
}
