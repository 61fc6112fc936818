import GRPCCore
import NIOCore
import Synchronization

/// One RPC's deadline as a NIO timer that cancels the RPC (as grpc-swift's own deadline does) if
/// it fires before the RPC ends. Disarming removes the timer and frees it at once.
final class RPCDeadline: Sendable {
    private enum State {
        case waiting
        case armed(Scheduled<Void>)
        case ended
    }

    private let loop: any EventLoop
    private let cancellation: ServerContext.RPCCancellationHandle
    private let state = Mutex(State.waiting)

    /// A deadline that will run on `loop` and cancel through `cancellation`.
    init(loop: any EventLoop, cancellation: ServerContext.RPCCancellationHandle) {
        self.loop = loop
        self.cancellation = cancellation
    }

    /// Starts the timer: the RPC is cancelled `timeout` from now unless `disarm()` comes first.
    /// Only the first call arms; a call after `disarm()` does nothing.
    func arm(after timeout: Duration) {
        let cancellation = self.cancellation
        let timer = loop.scheduleTask(in: TimeAmount(timeout)) { cancellation.cancel() }
        let kept = state.withLock { state in
            guard case .waiting = state else { return false }
            state = .armed(timer)
            return true
        }
        if !kept { timer.cancel() }
    }

    /// Ends the deadline: the timer, if armed, is cancelled and can no longer fire.
    func disarm() {
        let timer = state.withLock { state -> Scheduled<Void>? in
            defer { state = .ended }
            if case .armed(let timer) = state { return timer }
            return nil
        }
        timer?.cancel()
    }
}
