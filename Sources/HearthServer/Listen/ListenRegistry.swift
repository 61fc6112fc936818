import Synchronization

/// The Listen streams running now, so shutdown can end each with `UNAVAILABLE`.
final class ListenRegistry: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: ListenStream] = [:]
        var closed = false
    }

    /// Guarded by the mutex.
    private let state = Mutex(State())

    /// Creates an empty registry.
    init() {}

    /// Adds a stream; false when the server is shutting down (the stream must end at once).
    func add(_ stream: ListenStream) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.streams[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    /// Removes a finished stream.
    func remove(_ stream: ListenStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// The number of running streams.
    var count: Int { state.withLock { $0.streams.count } }

    /// Ends every stream with `UNAVAILABLE` and refuses new ones.
    func shutdown() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.endForShutdown() }
    }
}
