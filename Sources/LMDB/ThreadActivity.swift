#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What the current OS thread is doing inside each environment: how deep it is in `read` bodies and
/// whether it is inside a `write` body.
///
/// This lets the environment refuse the patterns that would deadlock (lmdb.h: a thread holding the
/// write transaction must not begin another; a resize must wait for this thread's own reader) and lets
/// nested reads pass a waiting resize. The object belongs to one thread and is only ever touched by it,
/// which is why it needs no lock.
final class ThreadActivity {
    /// Depth of `read` bodies per environment serial. Only the owning thread touches it.
    private var readDepth: [UInt64: Int] = [:]
    /// Environments whose `write` body is running on this thread. Only the owning thread touches it.
    private var writing: Set<UInt64> = []

    /// The calling thread's record, created on first use and released when the thread exits.
    static var current: ThreadActivity {
        if let raw = pthread_getspecific(threadActivityKey) {
            return Unmanaged<ThreadActivity>.fromOpaque(raw).takeUnretainedValue()
        }
        let activity = ThreadActivity()
        // The retain is balanced by the key's destructor when the thread exits.
        pthread_setspecific(threadActivityKey, Unmanaged.passRetained(activity).toOpaque())
        return activity
    }

    /// Whether this thread is inside a `read` body of the environment.
    func isReading(_ serial: UInt64) -> Bool { readDepth[serial, default: 0] > 0 }
    /// Whether this thread is inside a `write` body of the environment.
    func isWriting(_ serial: UInt64) -> Bool { writing.contains(serial) }
    /// Whether this thread is inside any transaction body of the environment.
    func isInside(_ serial: UInt64) -> Bool { isReading(serial) || isWriting(serial) }

    /// Records entry into a `read` body.
    func enterRead(_ serial: UInt64) { readDepth[serial, default: 0] += 1 }

    /// Records exit from a `read` body; returns true when it was the outermost one.
    @discardableResult
    func leaveRead(_ serial: UInt64) -> Bool {
        let depth = readDepth[serial, default: 0] - 1
        precondition(depth >= 0, "ThreadActivity: unbalanced leaveRead")
        readDepth[serial] = depth == 0 ? nil : depth
        return depth == 0
    }

    /// Records entry into a `write` body.
    func enterWrite(_ serial: UInt64) { writing.insert(serial) }
    /// Records exit from a `write` body.
    func leaveWrite(_ serial: UInt64) { writing.remove(serial) }
}

/// The process-wide key under which each thread keeps its `ThreadActivity`.
private let threadActivityKey: pthread_key_t = {
    var key = pthread_key_t()
    let rc = pthread_key_create(&key) { raw in
        // Runs when a thread exits: drop the retain taken in `ThreadActivity.current`.
        guard let raw = raw as UnsafeMutableRawPointer? else { return }
        Unmanaged<ThreadActivity>.fromOpaque(raw).release()
    }
    precondition(rc == 0, "pthread_key_create failed with \(rc)")
    return key
}()
