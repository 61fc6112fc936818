/// How long WebChannel sessions live and how much each may hold (`ServerConfiguration.webChannel`).
package struct WebChannelLimits: Sendable, Equatable {
    /// A session with no back channel and no request for this long is closed (its listeners stop).
    package var idleTimeout: Duration = .seconds(120)
    /// A streaming back channel ends after this long; the client opens the next one at once.
    package var backChannelRenewal: Duration = .seconds(240)
    /// A back channel that wrote nothing for this long gets a no-op array.
    package var keepAlive: Duration = .seconds(20)
    /// How long a long poll waits for data when the client names no `TO`.
    package var longPollTimeout: Duration = .seconds(25)
    /// Bytes of arrays queued but not yet written before the RPC waits for the client to read.
    package var maxUnsentBytes = 1 << 20
    /// Bytes of arrays written but not acknowledged kept for resending to a new back channel; past
    /// it the oldest are dropped, and a client that asks for one of them must start over.
    package var maxRetainedBytes = 32 << 20
    /// The most bytes written to a back channel in one chunk.
    package var maxChunkBytes = 256 << 10
    /// The most sessions open at once; a handshake beyond it is refused with `RESOURCE_EXHAUSTED`.
    package var maxSessions = 10_000
    /// How often sessions are checked for keep-alives, renewals, poll timeouts and idleness.
    package var sweepInterval: Duration = .seconds(1)

    /// The defaults of `hearth serve`.
    package init() {}
}
