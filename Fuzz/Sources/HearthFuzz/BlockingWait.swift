import Dispatch
import Synchronization

/// Runs async work to completion from synchronous code (libFuzzer calls the targets on its own
/// thread, never on the concurrency pool, so blocking it is safe).
func waitFor<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
    let box = Mutex<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    // The task stored the value before signalling.
    guard let value = box.withLock({ $0 }) else { preconditionFailure("the awaited task signalled without a result") }
    return value
}
