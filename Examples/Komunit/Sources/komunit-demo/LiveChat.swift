import Komunit

/// A chat listener's updates as a stream the script awaits one at a time.
final class LiveChat: Sendable {
    private let stream: AsyncStream<Result<[Mensaje], KomunitError>>
    private let continuation: AsyncStream<Result<[Mensaje], KomunitError>>.Continuation

    init() {
        let (stream, continuation) = AsyncStream<Result<[Mensaje], KomunitError>>.makeStream()
        self.stream = stream
        self.continuation = continuation
    }

    /// The listener callback.
    @Sendable func deliver(_ update: Result<[Mensaje], KomunitError>) { continuation.yield(update) }

    /// The first update for which `done` holds, waiting at most `timeout` in all.
    func first(within timeout: Duration = .seconds(10), where done: @escaping @Sendable ([Mensaje]) -> Bool)
        async throws -> [Mensaje]
    {
        let stream = self.stream
        return try await withThrowingTaskGroup(of: [Mensaje].self) { group in
            group.addTask {
                for await update in stream {
                    let messages = try update.get()
                    if done(messages) { return messages }
                }
                throw KomunitError.unavailable
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw KomunitError.storage(code: "timeout", message: "no chat update within \(timeout)")
            }
            defer { group.cancelAll() }
            guard let messages = try await group.next() else { throw KomunitError.unavailable }
            return messages
        }
    }
}
