import FirestoreWire
import Synchronization

/// The responses of one Listen stream waiting to be written, handed to the writer in batches.
///
/// A writer that takes a batch gets everything queued since its last take, minus each global
/// consistency marker (`NO_CHANGE`, empty `target_ids`) that a later one in the same batch
/// supersedes. So a client that reads slower than commits arrive gets one snapshot for the
/// commits that piled up while it was busy, not one per commit: the protocol promises a marker
/// whenever the whole stream reaches a consistent point, and the last one covers every change
/// sent before it. A client that keeps up still gets a marker per commit, since each batch then
/// holds one commit. Clients that rebuild their whole view on every snapshot (the Python client
/// sorts every document it holds at each marker) would otherwise spend time quadratic in the
/// documents they watch.
///
/// Isolation: the queue, the finished flag and the one waiting writer are guarded by the mutex.
final class ListenOutbox: Sendable {
    private struct State {
        var queued: [ListenOutput] = []
        var finished = false
        var waiter: CheckedContinuation<Void, Never>?
        /// Markers dropped because a later one superseded them (for tests and measurement).
        var supersededMarkers = 0
    }

    private let state = Mutex(State())

    /// Creates an empty outbox.
    init() {}

    /// Queues a response or a failure; ignored once the outbox is finished.
    func send(_ output: ListenOutput) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.finished else { return nil }
            state.queued.append(output)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Ends the outbox: the writer gets what is queued, then `nil`.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The markers dropped so far because a later marker in the same batch covered them.
    var supersededMarkers: Int { state.withLock { $0.supersededMarkers } }

    /// Waits for the next batch (never empty); `nil` when the outbox is finished and drained, or
    /// the calling task is cancelled. One writer at a time.
    func take() async -> [ListenOutput]? {
        while true {
            if Task.isCancelled { return nil }
            switch takeQueued() {
            case .batch(let batch): return batch
            case .finished: return nil
            case .empty: await waitForOutput()
            }
        }
    }

    /// What a look at the queue found.
    private enum Look {
        case batch([ListenOutput])
        case finished
        case empty
    }

    /// Drains the queue, dropping superseded markers.
    private func takeQueued() -> Look {
        state.withLock { state in
            guard !state.queued.isEmpty else { return state.finished ? .finished : .empty }
            let batch = Self.withoutSupersededMarkers(state.queued)
            state.supersededMarkers += state.queued.count - batch.count
            state.queued.removeAll(keepingCapacity: true)
            return .batch(batch)
        }
    }

    /// Suspends until something is queued, the outbox finishes, or the task is cancelled.
    private func waitForOutput() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard state.queued.isEmpty, !state.finished, !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
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
