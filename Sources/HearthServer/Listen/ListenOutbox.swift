import FirestoreWire
import Synchronization

/// The responses of one Listen stream waiting to be written, handed to the writer in batches, with
/// the global consistency markers (`NO_CHANGE`, empty `target_ids`) paced to what the client holds.
///
/// The protocol promises a marker whenever the whole stream reaches a consistent point; the last
/// marker covers every change sent before it, so a marker that a later one follows can be left
/// out. The outbox leaves out two kinds:
/// - **Superseded**: a batch holds everything queued since the writer's last take, and of its
///   markers only the last is sent. A client that reads slower than commits arrive (its HTTP/2
///   window full) gets one snapshot for what piled up.
/// - **Paced**: after a marker is sent, the next waits at least `pace(documents)`: 50 µs for each
///   document the client's targets hold, at most 1 s. A marker that comes earlier is held, with
///   whatever follows it, until then; a later marker supersedes it. So a stream of commits into a
///   large result set reaches the client as one snapshot per pace instead of one per commit. The
///   official server clients rebuild their whole view at every marker (the Python client sorts
///   every document it holds, ~50 µs each), which made their work quadratic in the documents
///   watched: a 100k-document listener fed 200 commits made ~10 million comparisons and fell
///   minutes behind. Small result sets are barely paced (100 documents: 5 ms), and the first
///   marker after a quiet pace always goes out at once.
///
/// Changes are never dropped and never reordered; a held marker goes out at its due time, or at
/// once when the stream finishes. The one exception is a client that stopped reading
/// (`ListenStallWatch`): its queue is dropped and its stream ends.
///
/// Isolation: the queue, the pacing state and the one waiting writer are guarded by the mutex.
final class ListenOutbox: Sendable {
    private struct State {
        var queued: [ListenOutput] = []
        var finished = false
        var waiter: CheckedContinuation<Void, Never>?
        /// When a marker may be sent next (nil: at once).
        var markerDue: Duration?
        /// True while the writer waits for `markerDue` (arrivals do not wake it then).
        var holding = false
        /// What the client holds, for the pace.
        var sizes = ListenTargetSizes()
        /// Markers left out so far, superseded or paced (for tests and measurement).
        var droppedMarkers = 0
    }

    private let state = Mutex(State())
    /// The wait after a marker for each document the client holds.
    private let pacePerDocument: Duration
    /// The longest wait after a marker.
    private let maximumPace: Duration
    /// Judges whether the client has stopped reading.
    let stallWatch: ListenStallWatch
    /// The time the pace is measured on (and held markers wait on).
    let clock: ServerClock

    /// Creates an empty outbox; the pace is `pacePerDocument` per document held, at most
    /// `maximumPace`, measured on `clock`; a client whose writes make no progress for `stallLimit`
    /// is stalled.
    init(
        pacePerDocument: Duration = .microseconds(50), maximumPace: Duration = .seconds(1),
        stallLimit: Duration = ListenStallWatch.defaultLimit, clock: ServerClock = .suspending
    ) {
        self.pacePerDocument = pacePerDocument
        self.maximumPace = maximumPace
        self.clock = clock
        stallWatch = ListenStallWatch(limit: stallLimit, clock: clock)
    }

    /// Queues a response or a failure; ignored once the outbox is finished. When the client has
    /// stalled, drops the whole queue instead and finishes (the RPC ends on `stallWatch.stalls`).
    func send(_ output: ListenOutput, now: Duration? = nil) {
        if stallWatch.isStalled(now: now) { return dropForStall() }
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.finished else { return nil }
            state.queued.append(output)
            guard !state.holding else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Empties the queue of a stalled client and finishes.
    private func dropForStall() {
        let dropped = state.withLock { state -> [ListenOutput] in
            defer { state.queued = [] }
            return state.queued
        }
        _ = dropped  // released here, outside the lock
        finish()
    }

    /// How many outputs are queued (for tests).
    var queuedCount: Int { state.withLock { $0.queued.count } }

    /// Whether a writer is suspended in `take()` waiting for output (for tests, which wait for it
    /// instead of sleeping).
    var hasWaitingWriter: Bool { state.withLock { $0.waiter != nil } }

    /// Ends the outbox: the writer gets what is queued (a held marker included) at once, then `nil`.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The markers left out so far because a later marker covered them.
    var droppedMarkers: Int { state.withLock { $0.droppedMarkers } }

    /// Waits for the next batch (never empty); `nil` when the outbox is finished and drained, or
    /// the calling task is cancelled. One writer at a time.
    func take() async -> [ListenOutput]? {
        stallWatch.took(busy: false)
        while true {
            if Task.isCancelled { return nil }
            switch takeQueued(now: clock.now()) {
            case .batch(let batch):
                stallWatch.took(busy: true)
                return batch
            case .finished: return nil
            case .empty: await waitForOutput(until: nil)
            case .holding(let due): await waitForOutput(until: due)
            }
        }
    }

    /// What a look at the queue found.
    enum Look {
        /// Responses to write now.
        case batch([ListenOutput])
        /// Finished and drained.
        case finished
        /// Nothing queued.
        case empty
        /// A marker (and what follows it) waits until this time.
        case holding(Duration)
    }

    /// Takes what may be written at `now`: everything queued but superseded markers, or, when the
    /// remaining marker is not yet due, what comes before it. `take()` calls it with the clock's
    /// time; tests call it with chosen times.
    func takeQueued(now: Duration) -> Look {
        state.withLock { state in
            state.holding = false
            guard !state.queued.isEmpty else { return state.finished ? .finished : .empty }
            var batch = Self.withoutSupersededMarkers(state.queued)
            state.droppedMarkers += state.queued.count - batch.count
            state.queued.removeAll(keepingCapacity: true)
            if let marker = batch.firstIndex(where: Self.isGlobalMarker) {
                if let due = state.markerDue, now < due, !state.finished {
                    state.queued = Array(batch[marker...])
                    batch.removeSubrange(marker...)
                    if batch.isEmpty {
                        state.holding = true
                        return .holding(due)
                    }
                } else {
                    for output in batch[...marker] { note(output, in: &state.sizes) }
                    state.markerDue = now + pace(documents: state.sizes.total)
                    for output in batch[(marker + 1)...] { note(output, in: &state.sizes) }
                    return .batch(batch)
                }
            }
            for output in batch { note(output, in: &state.sizes) }
            return .batch(batch)
        }
    }

    /// Counts a response into the client's target sizes.
    private func note(_ output: ListenOutput, in sizes: inout ListenTargetSizes) {
        if case .response(let response) = output { sizes.note(response) }
    }

    /// The wait after a marker when the client holds `documents`.
    private func pace(documents: Int) -> Duration {
        min(pacePerDocument * documents, maximumPace)
    }

    /// Suspends until something is queued (or, with `due`, until then), the outbox finishes, or
    /// the task is cancelled.
    private func waitForOutput(until due: Duration?) async {
        let clock = clock
        let timer = due.map { due in
            Task { [weak self] in
                do {
                    while clock.now() < due { try await clock.sleep(until: due) }
                } catch {
                    return  // the wait ended first
                }
                self?.wake()
            }
        }
        defer { timer?.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    let waiting = Self.shouldWait(until: due, now: clock.now(), holding: state.holding, queueEmpty: state.queued.isEmpty)
                    guard waiting, !state.finished, !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            wake()
        }
    }

    /// Whether a writer should start waiting: for output when `due` is nil, else while it holds a
    /// marker and `due` has not passed (past it, the timer has fired or is about to, and its wake
    /// may already be spent).
    static func shouldWait(until due: Duration?, now: Duration, holding: Bool, queueEmpty: Bool) -> Bool {
        guard let due else { return queueEmpty }
        return holding && now < due
    }

    /// Resumes the waiting writer, if any.
    private func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// `outputs` without every global marker that a later global marker follows.
    static func withoutSupersededMarkers(_ outputs: [ListenOutput]) -> [ListenOutput] {
        guard let last = outputs.lastIndex(where: isGlobalMarker) else { return outputs }
        var kept: [ListenOutput] = []
        kept.reserveCapacity(outputs.count)
        for (index, output) in outputs.enumerated() where index == last || !isGlobalMarker(output) {
            kept.append(output)
        }
        return kept
    }

    /// Whether `output` is the stream-wide consistency marker: `NO_CHANGE` for every target.
    static func isGlobalMarker(_ output: ListenOutput) -> Bool {
        guard case .response(let response) = output, case .targetChange(let change)? = response.responseType else { return false }
        return change.targetChangeType == .noChange && change.targetIds.isEmpty
    }
}
