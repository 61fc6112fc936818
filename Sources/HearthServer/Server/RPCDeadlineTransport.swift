import GRPCCore
import NIOCore

/// A server transport that takes each request's `grpc-timeout` out of its metadata and runs it as
/// an `RPCDeadline` (a NIO timer) instead of leaving it to grpc-swift.
///
/// Why: grpc-swift keeps a deadline as a child task in `Task.sleep(for: timeout)`, cancelled when
/// the RPC ends. On this runtime a cancelled sleep keeps its task and timer allocated until the
/// original deadline passes (swiftlang/swift#60441), 0.7–1.8 KB a call. The official clients send a
/// deadline on every call (60 s for Commit and GetDocument, 300 s for BatchGetDocuments and
/// RunQuery, a day for Listen), so the server held rate × deadline of them: tens of MiB under a
/// steady load. A NIO timer is removed and freed when cancelled. The RPC is cancelled at the
/// deadline exactly as before (`ServerContext.cancellation`); the client ends the call with
/// `DEADLINE_EXCEEDED` on its side as it always has.
struct RPCDeadlineTransport<Base: ServerTransport>: ServerTransport {
    typealias Bytes = Base.Bytes

    /// The transport doing the real work.
    let base: Base
    /// Where the deadline timers run.
    let timers: any EventLoopGroup

    func configure(context: GRPCServerContext) {
        base.configure(context: context)
    }

    func listen(
        streamHandler: @escaping @Sendable (_ stream: RPCStream<Inbound, Outbound>, _ context: ServerContext) async -> Void
    ) async throws {
        let timers = self.timers
        try await base.listen { stream, context in
            let deadline = RPCDeadline(loop: timers.any(), cancellation: context.cancellation)
            let inbound = RPCAsyncSequence(wrapping: DeadlineLiftingParts(base: stream.inbound, deadline: deadline))
            await streamHandler(
                RPCStream(descriptor: stream.descriptor, inbound: inbound, outbound: stream.outbound), context)
            deadline.disarm()
        }
    }

    func beginGracefulShutdown() {
        base.beginGracefulShutdown()
    }
}

/// A request's parts with `grpc-timeout` lifted out of its metadata into an `RPCDeadline`: the
/// first part (the metadata) arms the deadline; every other part passes through unchanged.
struct DeadlineLiftingParts<Bytes: GRPCContiguousBytes & Sendable>: AsyncSequence, Sendable {
    typealias Element = RPCRequestPart<Bytes>
    typealias Failure = any Error

    /// The transport's parts.
    let base: RPCAsyncSequence<Element, any Error>
    /// The deadline the metadata's timeout arms.
    let deadline: RPCDeadline

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), deadline: deadline)
    }

    /// Reads the transport's parts, rewriting the first if it is metadata with a timeout.
    struct Iterator: AsyncIteratorProtocol {
        var base: RPCAsyncSequence<Element, any Error>.AsyncIterator
        let deadline: RPCDeadline
        var readFirst = false

        mutating func next() async throws -> Element? {
            try await next(isolation: nil)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            let part = try await base.next(isolation: actor)
            guard !readFirst else { return part }
            readFirst = true
            guard case .metadata(var metadata) = part else { return part }
            var values = metadata[stringValues: GRPCTimeoutHeader.name].makeIterator()
            guard let value = values.next() else { return part }
            metadata.removeAllValues(forKey: GRPCTimeoutHeader.name)
            // Like grpc-swift: the first value counts, and one that does not parse means no deadline.
            if let timeout = GRPCTimeoutHeader.duration(value) { deadline.arm(after: timeout) }
            return .metadata(metadata)
        }
    }
}
