public import Hearth
import Synchronization

/// A signed-in user's database handle that refuses use once signed out.
///
/// Checked here because Hearth's `close()` does not refuse later calls while other handles keep
/// the data directory open.
public final class SessionHandle: Sendable {
    /// The handle acting as the user.
    private let firestore: Firestore
    /// Set by `close()`.
    private let closed = Atomic(false)

    /// Wraps `firestore`, a handle acting as the signed-in user.
    public init(_ firestore: Firestore) {
        self.firestore = firestore
    }

    /// The handle, or nil once signed out.
    public var current: Firestore? {
        closed.load(ordering: .acquiring) ? nil : firestore
    }

    /// Signs out: later `current` is nil and the handle is closed (once, however often it is called).
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        firestore.close()
    }
}
