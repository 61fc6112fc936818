/// How far an import or export has got, as reported to a progress display.
package struct TransferProgress: Sendable, Equatable {
    /// Documents read (export: written) so far.
    package var documents: Int64 = 0
    /// Records skipped as invalid (`--skip-invalid`).
    package var skipped: Int64 = 0
    /// Places of damaged framing passed over (`--skip-invalid`); the records in them are lost.
    package var damaged: Int64 = 0
    /// Bytes dropped with those places.
    package var damagedBytes: Int64 = 0
    /// Bytes read (import) or written (export) so far.
    package var bytes: Int64 = 0
    /// The total bytes to read, when known (import), for an ETA.
    package var totalBytes: Int64?
    /// What is happening: "checking", "importing", "exporting".
    package var phase: String = ""

    /// An empty progress.
    package init() {}
}

/// Receives progress reports (at most a few per second are useful; callers throttle).
package typealias ProgressHandler = @Sendable (TransferProgress) -> Void
