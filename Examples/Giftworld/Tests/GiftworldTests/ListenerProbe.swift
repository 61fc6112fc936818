import Hearth

/// Starts a listener with `start`, waits for its first callback's verdict, and removes it.
/// `start` gets a function to call with the verdict (e.g. "refused with PERMISSION_DENIED").
func firstListenerVerdict(
    _ start: (@escaping @Sendable (Bool) -> Void) -> any ListenerRegistration
) async -> Bool {
    let (verdicts, continuation) = AsyncStream.makeStream(of: Bool.self)
    let registration = start { continuation.yield($0) }
    defer { registration.remove() }
    for await verdict in verdicts { return verdict }
    return false
}

/// Whether a listener callback's arguments are a `PERMISSION_DENIED` refusal.
func isRefusal(_ snapshot: Any?, _ error: (any Error)?) -> Bool {
    snapshot == nil && (error as? FirestoreError)?.code == .permissionDenied
}
