import GRPCCore
import NIOCore
import NIOEmbedded
import Synchronization
import Testing
@testable import HearthServer

@Suite("RPC deadlines on timers (NIO's testing loop: time moves only when advanced)", .timeLimit(.minutes(10)))
struct RPCDeadlineTests {
    typealias Part = RPCRequestPart<[UInt8]>

    @Test(
        "grpc-timeout values in every unit",
        arguments: [
            ("1H", Duration.seconds(3_600)), ("2M", .seconds(120)), ("30S", .seconds(30)),
            ("250m", .milliseconds(250)), ("7u", .microseconds(7)), ("99999999n", .nanoseconds(99_999_999)),
            ("0S", .zero), ("99999999H", .seconds(99_999_999 * 3_600)),
        ])
    func parses(value: String, expected: Duration) {
        #expect(GRPCTimeoutHeader.duration(value) == expected)
    }

    @Test(
        "malformed grpc-timeout values mean no deadline",
        arguments: ["", "S", "5", "123456789S", "-5S", "+5S", "5s", "5 S", "1.5S", "5SS", "٣S", "5Ｓ"])
    func rejects(value: String) {
        #expect(GRPCTimeoutHeader.duration(value) == nil)
    }

    @Test("an armed deadline cancels the RPC when it passes on the loop's clock, not before")
    func fires() async throws {
        let (handle, deadline, loop) = Self.deadline()
        deadline.arm(after: .milliseconds(20))
        await loop.advanceTime(by: .milliseconds(19))
        #expect(!handle.isCancelled)
        await loop.advanceTime(by: .milliseconds(1))
        #expect(handle.isCancelled)
    }

    @Test("a deadline disarmed before it passes never cancels the RPC, however long")
    func disarmed() async throws {
        let handle = ServerContext.RPCCancellationHandle()
        let loop = NIOAsyncTestingEventLoop()
        let short = RPCDeadline(loop: loop, cancellation: handle)
        short.arm(after: .milliseconds(100))
        short.disarm()
        let longest = RPCDeadline(loop: loop, cancellation: handle)
        longest.arm(after: GRPCTimeoutHeader.duration("99999999H") ?? .zero)
        longest.disarm()
        await loop.advanceTime(by: Self.century)
        #expect(!handle.isCancelled)
        await loop.shutdownGracefully()
    }

    @Test("arming after the RPC has ended does nothing")
    func armedLate() async throws {
        let (handle, deadline, loop) = Self.deadline()
        deadline.disarm()
        deadline.arm(after: .milliseconds(1))
        await loop.advanceTime(by: .seconds(3_600))
        #expect(!handle.isCancelled)
    }

    @Test("the timeout leaves the metadata for a deadline; other headers and the messages pass unchanged")
    func lifted() async throws {
        let (handle, deadline, loop) = Self.deadline()
        let metadata: Metadata = ["grpc-timeout": "20m", "authorization": "Bearer owner"]
        let parts = DeadlineLiftingParts(base: Self.sequence([.metadata(metadata), .message([1, 2, 3])]), deadline: deadline)
        let seen = try await Self.collect(parts)
        #expect(seen.count == 2)
        guard case .metadata(let lifted) = seen.first, case .message(let bytes) = seen.last else {
            Issue.record("parts changed kind: \(seen)")
            return
        }
        #expect(Array(lifted[stringValues: "grpc-timeout"]).isEmpty)
        #expect(Array(lifted[stringValues: "authorization"]) == ["Bearer owner"])
        #expect(bytes == [1, 2, 3])
        // The lifted timeout armed the deadline: 20 ms on the loop's clock cancels the RPC.
        await loop.advanceTime(by: .milliseconds(19))
        #expect(!handle.isCancelled)
        await loop.advanceTime(by: .milliseconds(1))
        #expect(handle.isCancelled)
    }

    @Test("a malformed timeout is dropped too, so grpc-swift never sleeps on it")
    func malformedDropped() async throws {
        let (handle, deadline, loop) = Self.deadline()
        let parts = DeadlineLiftingParts(base: Self.sequence([.metadata(["grpc-timeout": "-5S"])]), deadline: deadline)
        let seen = try await Self.collect(parts)
        guard case .metadata(let lifted) = seen.first else {
            Issue.record("no metadata part: \(seen)")
            return
        }
        #expect(Array(lifted[stringValues: "grpc-timeout"]).isEmpty)
        await loop.advanceTime(by: Self.century)
        #expect(!handle.isCancelled)
    }

    @Test("through the transport: the handler sees no grpc-timeout, and the deadline ends with the RPC")
    func transportEndsDeadline() async throws {
        let handle = ServerContext.RPCCancellationHandle()
        let seenMetadata = Mutex<Metadata?>(nil)
        let base = OneStreamTransport(
            parts: [.metadata(["grpc-timeout": "100m", "x-kept": "yes"])], cancellation: handle)
        let loop = NIOAsyncTestingEventLoop()
        let transport = RPCDeadlineTransport(base: base, timers: loop)
        try await transport.listen { stream, _ in
            if case .metadata(let metadata) = (try? await Self.collect(stream.inbound))?.first {
                seenMetadata.withLock { $0 = metadata }
            }
        }
        let metadata = seenMetadata.withLock { $0 }
        #expect(metadata.map { Array($0[stringValues: "grpc-timeout"]) } == [])
        #expect(metadata.map { Array($0[stringValues: "x-kept"]) } == ["yes"])
        // Far past the 100 ms: the ended RPC's deadline was disarmed, so nothing fires.
        await loop.advanceTime(by: .seconds(3_600))
        #expect(!handle.isCancelled, "the deadline outlived the RPC")
        await loop.shutdownGracefully()
    }

    @Test("through the transport: an RPC still running at its deadline is cancelled, at the deadline")
    func transportCancelsAtDeadline() async throws {
        let handle = ServerContext.RPCCancellationHandle()
        let base = OneStreamTransport(parts: [.metadata(["grpc-timeout": "30m"])], cancellation: handle)
        let loop = NIOAsyncTestingEventLoop()
        let transport = RPCDeadlineTransport(base: base, timers: loop)
        let start = loop.now
        let server = Task {
            try await transport.listen { stream, context in
                _ = try? await Self.collect(stream.inbound)
                try? await context.cancellation.cancelled
            }
        }
        // Time moves in 1 ms steps until the deadline cancels the waiting handler.
        while !handle.isCancelled {
            await loop.advanceTime(by: .milliseconds(1))
            await Task.yield()
        }
        try await server.value
        #expect(loop.now - start >= .milliseconds(30))
        await loop.shutdownGracefully()
    }

    /// Longer than any deadline a test arms, short enough for `TimeAmount`'s nanoseconds.
    static let century = TimeAmount.hours(24 * 365 * 100)

    /// A fresh RPC's cancellation handle and a deadline that cancels through it.
    /// The loop is NIO's testing loop: its time moves only when a test advances it.
    static func deadline() -> (ServerContext.RPCCancellationHandle, RPCDeadline, NIOAsyncTestingEventLoop) {
        let handle = ServerContext.RPCCancellationHandle()
        let loop = NIOAsyncTestingEventLoop()
        return (handle, RPCDeadline(loop: loop, cancellation: handle), loop)
    }

    static func collect(_ parts: some AsyncSequence<Part, any Error>) async throws -> [Part] {
        var seen: [Part] = []
        for try await part in parts { seen.append(part) }
        return seen
    }

    static func sequence(_ parts: [Part]) -> RPCAsyncSequence<Part, any Error> {
        RPCAsyncSequence(wrapping: AsyncThrowingStream<Part, any Error> { continuation in
            for part in parts { continuation.yield(part) }
            continuation.finish()
        })
    }
}

/// A transport that hands the server one stream of the given parts and discards what it writes.
private struct OneStreamTransport: ServerTransport {
    typealias Bytes = [UInt8]
    let parts: [RPCRequestPart<[UInt8]>]
    let cancellation: ServerContext.RPCCancellationHandle

    func listen(
        streamHandler: @escaping @Sendable (_ stream: RPCStream<Inbound, Outbound>, _ context: ServerContext) async -> Void
    ) async throws {
        let descriptor = MethodDescriptor(fullyQualifiedService: "google.firestore.v1.Firestore", method: "GetDocument")
        let stream = RPCStream(
            descriptor: descriptor, inbound: RPCDeadlineTests.sequence(parts),
            outbound: RPCWriter<RPCResponsePart<[UInt8]>>.Closable(wrapping: DiscardingWriter()))
        let context = ServerContext(descriptor: descriptor, remotePeer: "test", localPeer: "test", cancellation: cancellation)
        await streamHandler(stream, context)
    }

    func beginGracefulShutdown() {}
}

/// A response writer that drops everything.
private struct DiscardingWriter: ClosableRPCWriterProtocol {
    typealias Element = RPCResponsePart<[UInt8]>
    func write(_ element: Element) async throws {}
    func write(contentsOf elements: some Sequence<Element>) async throws {}
    func finish() async {}
    func finish(throwing error: any Error) async {}
}
