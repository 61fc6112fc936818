import Dispatch
import Foundation

/// Calls a handler when the process receives one of the given signals (their default action,
/// terminating the process, is disabled while the watcher lives).
///
/// Isolation: `sources` is immutable after `init`; dispatch sources are thread-safe.
final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    /// Starts watching `signals`, calling `handler` on a background queue for each delivery.
    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        sources = signals.map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
