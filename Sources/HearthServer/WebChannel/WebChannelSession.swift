import HearthCore
import NIOCore
import Synchronization

/// One WebChannel session: the queue of arrays for the client and the back channel that drains it,
/// plus the client's messages handed to the RPC in order. It costs no thread: a back channel waits
/// in `nextChunk`, the RPC in `deliver` when the client reads slower than it produces.
///
/// Arrays are numbered from 1 (0 was the handshake) and kept until the client acknowledges them
/// (the `AID` of its next request): a new back channel resends everything after its `AID`. What
/// is kept is bounded twice: an RPC waits once `maxUnsentBytes` wait to be written; written but
/// unacknowledged arrays past `maxRetainedBytes` are dropped oldest first, and a back channel
/// that asks for one of them is refused (`Unknown SID`), so the client starts a new session.
///
/// Isolation: the state is guarded by its mutex; continuations are resumed while holding it
/// (resuming only schedules the waiting task).
final class WebChannelSession: Sendable {
    /// The session id (`SID`).
    let id: String
    /// Who opened the session (the `Authorization` of its handshake).
    let access: AccessContext
    /// The client's messages (JSON texts) in the order it numbered them; finishes when the session closes.
    let inbound: AsyncStream<String>
    private let inboundContinuation: AsyncStream<String>.Continuation
    private let limits: WebChannelLimits
    private let state: Mutex<State>

    /// One array waiting to be written or acknowledged.
    private struct Outgoing {
        var id: Int
        /// `[id,payload]`.
        var text: String
        /// The text's length in UTF-16 code units.
        var size: Int
    }

    /// The back channel attached now.
    private struct BackChannel {
        var id: Int
        /// A streaming GET (`CI=0`), else a long poll (`CI=1`) answered with the first chunk.
        var streaming: Bool
        var opened: Duration
        var lastWrite: Duration
        /// When a long poll gets a no-op if nothing came.
        var pollTimeout: Duration
        /// The writer waiting for the next chunk.
        var waiter: CheckedContinuation<String?, Never>?
    }

    private struct State {
        var nextArrayID = 1
        /// Written-but-unacknowledged arrays, then unsent ones, by id.
        var arrays = CircularBuffer<Outgoing>()
        /// How many of `arrays` (from the front) were written.
        var sentCount = 0
        var unsentBytes = 0
        var sentBytes = 0
        /// Arrays up to this id were dropped unacknowledged: they cannot be resent.
        var lostThrough = 0
        var backChannel: BackChannel?
        var nextBackChannelID = 1
        /// The RPC waiting for room in the queue (resumed with nil to look again, false when closed).
        var producer: CheckedContinuation<Bool?, Never>?
        var lastActivity: Duration
        var nextInbound = 0
        var closed = false
        /// The RPC ended (its last array, an error or not, is queued).
        var rpcEnded = false
    }

    /// Creates a session for `access`, last active at `now`.
    init(id: String, access: AccessContext, limits: WebChannelLimits, now: Duration) {
        self.id = id
        self.access = access
        self.limits = limits
        state = Mutex(State(lastActivity: now))
        (inbound, inboundContinuation) = AsyncStream.makeStream(of: String.self)
    }

    // MARK: The forward channel

    /// The client sent `messages` and acknowledged arrays through `acknowledged`: passes on those
    /// not seen before, in order (a retried POST repeats messages). Returns the acknowledgement.
    func receive(_ messages: [WebChannelForm.Message], acknowledged: Int?, now: Duration) -> String {
        state.withLock { state in
            state.lastActivity = now
            if let acknowledged { Self.acknowledge(through: acknowledged, in: &state) }
            for message in messages where message.id >= state.nextInbound {
                state.nextInbound = message.id + 1
                if let json = message.json, !state.closed { inboundContinuation.yield(json) }
            }
            let lastQueued = state.nextArrayID - 1
            return WebChannelFrame.acknowledgement(
                backChannel: state.backChannel != nil, lastArrayID: lastQueued, outstandingBytes: state.unsentBytes)
        }
    }

    // MARK: The RPC's side

    /// Queues a Firestore message, waiting while too much is unsent. False once the session is
    /// closed or the calling task is cancelled.
    func deliver(_ json: String) async -> Bool {
        let payload = WebChannelFrame.message(json)
        while true {
            let queued: Bool? = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    state.withLock { state in
                        if state.closed || Task.isCancelled {
                            continuation.resume(returning: false)
                        } else if state.unsentBytes < limits.maxUnsentBytes {
                            enqueue(payload, in: &state)
                            continuation.resume(returning: true)
                        } else {
                            state.producer = continuation
                        }
                    }
                }
            } onCancel: {
                state.withLock { state in
                    state.producer?.resume(returning: false)
                    state.producer = nil
                }
            }
            if let queued { return queued }
        }
    }

    /// Queues the RPC's last array (an error, or nothing) without waiting; the RPC is over.
    func end(with errorJSON: String?) {
        state.withLock { state in
            state.rpcEnded = true
            if let errorJSON, !state.closed { enqueue(WebChannelFrame.message(errorJSON), in: &state) }
        }
    }

    // MARK: The back channel

    /// What attaching a back channel answered.
    enum Attachment: Equatable {
        /// Attached: read its chunks with `nextChunk(channel:)`.
        case attached(channel: Int)
        /// The arrays after the client's `AID` are gone: it must start a new session.
        case lost
    }

    /// Attaches a back channel that resends everything after `acknowledged`; a channel attached
    /// before ends. A streaming channel with nothing to send gets a no-op at once (the client
    /// takes a silent stream for a buffering proxy and falls back to long polling).
    func attachBackChannel(acknowledged: Int, streaming: Bool, pollTimeout: Duration?, now: Duration) -> Attachment {
        state.withLock { state in
            state.lastActivity = now
            Self.acknowledge(through: acknowledged, in: &state)
            if state.lostThrough > acknowledged { return .lost }
            // Everything after the acknowledgement is sent again.
            state.unsentBytes += state.sentBytes
            state.sentBytes = 0
            state.sentCount = 0
            state.backChannel?.waiter?.resume(returning: nil)
            let id = state.nextBackChannelID
            state.nextBackChannelID += 1
            state.backChannel = BackChannel(
                id: id, streaming: streaming, opened: now, lastWrite: now,
                pollTimeout: now + (pollTimeout ?? limits.longPollTimeout))
            if streaming && state.arrays.isEmpty && !state.closed { enqueue(WebChannelFrame.noop, in: &state) }
            return .attached(channel: id)
        }
    }

    /// The next chunk for back channel `channel`: what is unsent now, or the next arrays queued;
    /// nil when the channel has ended (renewed, replaced, closed, or its client went away).
    func nextChunk(channel: Int, now: @escaping @Sendable () -> Duration) async -> String? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    guard var backChannel = state.backChannel, backChannel.id == channel else {
                        continuation.resume(returning: nil)
                        return
                    }
                    if let chunk = takeChunk(in: &state) {
                        backChannel.lastWrite = now()
                        state.backChannel = backChannel
                        continuation.resume(returning: chunk)
                    } else if state.closed {
                        continuation.resume(returning: nil)
                    } else {
                        backChannel.waiter = continuation
                        state.backChannel = backChannel
                    }
                }
            }
        } onCancel: {
            detach(channel: channel, now: nil)
        }
    }

    /// Back channel `channel` is over (its response ended or its client went away).
    func detach(channel: Int, now: Duration?) {
        state.withLock { state in
            guard let backChannel = state.backChannel, backChannel.id == channel else { return }
            backChannel.waiter?.resume(returning: nil)
            state.backChannel = nil
            if let now { state.lastActivity = now }
        }
    }

    // MARK: Time

    /// What the periodic sweep found.
    enum SweepOutcome: Equatable {
        /// Nothing to do, or a keep-alive or renewal was handled.
        case alive
        /// Idle past the limit: close the session.
        case expired
    }

    /// Sends keep-alives, ends streaming back channels due for renewal, answers long polls that
    /// waited their time with a no-op, and reports whether the session has been idle too long.
    func sweep(now: Duration) -> SweepOutcome {
        state.withLock { state in
            guard !state.closed else { return .expired }
            guard var backChannel = state.backChannel else {
                return now - state.lastActivity > limits.idleTimeout ? .expired : .alive
            }
            state.lastActivity = now
            if backChannel.streaming && now - backChannel.opened >= limits.backChannelRenewal {
                backChannel.waiter?.resume(returning: nil)
                state.backChannel = nil
                return .alive
            }
            let quiet = backChannel.streaming ? now - backChannel.lastWrite >= limits.keepAlive : now >= backChannel.pollTimeout
            if quiet && backChannel.waiter != nil && state.sentCount == state.arrays.count {
                enqueue(WebChannelFrame.noop, in: &state)
                backChannel = state.backChannel ?? backChannel
                backChannel.lastWrite = now
                state.backChannel = backChannel
            }
            return .alive
        }
    }

    // MARK: Closing

    /// Whether the session is closed.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Closes the session: the RPC's messages end, a waiting RPC is told, and a back channel gets
    /// what is still unsent, then ends.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            state.producer?.resume(returning: false)
            state.producer = nil
            if var backChannel = state.backChannel, let waiter = backChannel.waiter {
                backChannel.waiter = nil
                state.backChannel = backChannel
                waiter.resume(returning: takeChunk(in: &state))
            }
        }
        inboundContinuation.finish()
    }

    /// Counts for tests and the benchmarks: arrays kept, bytes unsent.
    var queued: (arrays: Int, unsentBytes: Int, lastArrayID: Int) {
        state.withLock { ($0.arrays.count, $0.unsentBytes, $0.nextArrayID - 1) }
    }

    // MARK: The queue

    /// Adds an array and hands the waiting back channel a chunk.
    private func enqueue(_ payload: String, in state: inout State) {
        let id = state.nextArrayID
        state.nextArrayID += 1
        let text = WebChannelFrame.array(id: id, payload: payload)
        let size = text.utf16.count
        state.arrays.append(Outgoing(id: id, text: text, size: size))
        state.unsentBytes += size
        if var backChannel = state.backChannel, let waiter = backChannel.waiter {
            backChannel.waiter = nil
            state.backChannel = backChannel
            waiter.resume(returning: takeChunk(in: &state))
        }
    }

    /// Takes unsent arrays into one chunk (at most `maxChunkBytes`, at least one array), marking
    /// them sent; wakes an RPC waiting for room; drops the oldest sent arrays past the retention.
    private func takeChunk(in state: inout State) -> String? {
        guard state.sentCount < state.arrays.count else { return nil }
        let maxBytes = limits.maxChunkBytes
        var parts: [String] = []
        var bytes = 0
        while state.sentCount < state.arrays.count {
            let array = state.arrays[state.arrays.index(state.arrays.startIndex, offsetBy: state.sentCount)]
            if !parts.isEmpty && bytes + array.size > maxBytes { break }
            parts.append(array.text)
            bytes += array.size
            state.sentCount += 1
        }
        state.unsentBytes -= bytes
        state.sentBytes += bytes
        if state.unsentBytes < limits.maxUnsentBytes {
            state.producer?.resume(returning: nil)
            state.producer = nil
        }
        let retain = limits.maxRetainedBytes
        while state.sentBytes > retain, state.sentCount > 0, let oldest = state.arrays.first {
            state.arrays.removeFirst()
            state.sentCount -= 1
            state.sentBytes -= oldest.size
            state.lostThrough = oldest.id
        }
        return WebChannelFrame.chunk("[" + parts.joined(separator: ",") + "]")
    }

    /// Drops the arrays the client has acknowledged.
    private static func acknowledge(through id: Int, in state: inout State) {
        while let oldest = state.arrays.first, oldest.id <= id {
            state.arrays.removeFirst()
            if state.sentCount > 0 {
                state.sentCount -= 1
                state.sentBytes -= oldest.size
            } else {
                state.unsentBytes -= oldest.size
            }
        }
    }
}
