import Synchronization

/// Notices a Listen client that has stopped reading, so that its stream ends instead of holding
/// every response queued for it.
///
/// A client that stops reading (a frozen or suspended process, a debugger's breakpoint) fills its
/// HTTP/2 window; the writer then waits inside a write while commits keep queuing responses for
/// it: ~3.4 KB of server memory per document, without end (100k documents written by another
/// client: 337 MiB). The transport's keepalive does not help: an unanswered ping starts a graceful
/// close, which waits for open streams, and a Listen stream never ends by itself.
///
/// The watch counts the writer's progress: a completed write, or a return for more work. A client
/// is *stalled* when the writer has been inside one batch with no write completed for `limit`.
/// The check runs when a response is queued (only then does memory grow); once stalled the outbox
/// drops what is queued and the RPC ends with `RESOURCE_EXHAUSTED`, which the official clients
/// retry with their resume token. A client that reads slowly but steadily never stalls.
///
/// Time is the injected `ServerClock`'s (by default `SuspendingClock`, which stops while the
/// machine sleeps: a laptop that resumes does not find every open stream's writer judged stalled
/// for the hours it slept). Each method takes an explicit `now` for tests that choose the times.
///
/// Isolation: the state is guarded by its mutex; `stalls` is an `AsyncStream`, safe to share.
final class ListenStallWatch: Sendable {
    private struct State {
        /// The last completed write or return for more work.
        var lastProgress: Duration
        /// True while the writer is inside a batch.
        var busy = false
        /// True once the client was judged stalled.
        var stalled = false
    }

    /// The stall limit unless configured otherwise (`ServerConfiguration.listenStallLimit`).
    static let defaultLimit = Duration.seconds(30)

    /// The error message of a stalled client's RPC.
    static let message = "The listener stopped reading while changes waited for it. Listen again to resume."

    private let state: Mutex<State>
    /// Where the times come from when a method is not given one.
    let clock: ServerClock
    /// How long the writer may go without completing a write before the client is stalled.
    let limit: Duration
    /// Yields once when the client stalls; finishes then, or when the stream ends.
    let stalls: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    /// A watch that judges a client stalled after `limit` without progress on `clock`, starting
    /// at `now` (nil: the clock's time).
    init(limit: Duration = ListenStallWatch.defaultLimit, clock: ServerClock = .suspending, now: Duration? = nil) {
        self.limit = limit
        self.clock = clock
        state = Mutex(State(lastProgress: now ?? clock.now()))
        (stalls, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The writer took a batch (`busy`: it holds one) or came back for more (`busy` false).
    func took(busy: Bool, now: Duration? = nil) {
        let now = now ?? clock.now()
        state.withLock { state in
            state.busy = busy
            state.lastProgress = now
        }
    }

    /// The writer completed one write.
    func wrote(now: Duration? = nil) {
        let now = now ?? clock.now()
        state.withLock { $0.lastProgress = now }
    }

    /// Whether the client is stalled at `now` (true from the first time it is, and then for good).
    func isStalled(now: Duration? = nil) -> Bool {
        let now = now ?? clock.now()
        let (stalled, justNow) = state.withLock { state -> (Bool, Bool) in
            guard !state.stalled else { return (true, false) }
            state.stalled = state.busy && now - state.lastProgress > limit
            return (state.stalled, state.stalled)
        }
        if justNow {
            continuation.yield()
            continuation.finish()
        }
        return stalled
    }

    /// The stream ended: `stalls` finishes without yielding (if it has not yielded already).
    func end() {
        continuation.finish()
    }
}
