/// The server's time for waits it schedules itself (Listen pacing, stall judgement, deadlines,
/// the rules file's polling): any Swift `Clock` with `Duration`s, read as the time elapsed since
/// the clock was wrapped. Production wraps `SuspendingClock` (it stops while the machine sleeps);
/// tests wrap a manual clock and advance it, so no test waits for real time to pass.
package struct ServerClock: Sendable {
    /// The time elapsed since this clock was wrapped.
    private let elapsed: @Sendable () -> Duration
    /// Suspends until the elapsed time reaches the argument (throws when cancelled).
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`; its current instant becomes elapsed time zero.
    package init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) }
    }

    /// The process's suspending clock, the server's default.
    package static let suspending = ServerClock(SuspendingClock())

    /// The time elapsed since this clock was wrapped.
    package func now() -> Duration { elapsed() }

    /// Suspends until `now()` reaches `deadline`; throws `CancellationError` when cancelled first.
    package func sleep(until deadline: Duration) async throws { try await sleeper(deadline) }

    /// Suspends for `duration`; throws `CancellationError` when cancelled first.
    package func sleep(for duration: Duration) async throws { try await sleeper(now() + duration) }
}
