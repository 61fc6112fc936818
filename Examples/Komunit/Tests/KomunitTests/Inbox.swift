import Komunit

/// Collects a listener's updates so a test can await them one at a time, in order.
final class Inbox<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Result<Value, KomunitError>>
    private let continuation: AsyncStream<Result<Value, KomunitError>>.Continuation

    init() {
        let (stream, continuation) = AsyncStream<Result<Value, KomunitError>>.makeStream()
        self.stream = stream
        self.continuation = continuation
    }

    /// Pass this as the listener callback.
    @Sendable func deliver(_ update: Result<Value, KomunitError>) { continuation.yield(update) }

    /// The next update, or `InboxTimeout` when none arrives within `timeout`.
    func next(timeout: Duration = .seconds(20)) async throws -> Value {
        let stream = self.stream
        let update = try await withThrowingTaskGroup(of: Result<Value, KomunitError>?.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw InboxTimeout()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let update = first else { throw InboxTimeout() }
            return update
        }
        return try update.get()
    }
}

/// No update arrived in time.
struct InboxTimeout: Error {}
