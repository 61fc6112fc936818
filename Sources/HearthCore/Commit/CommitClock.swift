#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The source of commit times and transaction deadlines; tests pass a fake to control time.
public protocol CommitClock: Sendable {
    /// The current time in microseconds since the Unix epoch.
    func nowMicroseconds() -> Int64
}

/// The system's real-time clock.
public struct SystemClock: CommitClock {
    /// Creates the clock.
    public init() {}

    /// Reads `CLOCK_REALTIME`.
    public func nowMicroseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1_000
    }
}
