import HearthCore

/// Firestore's v1 operations on an `Engine`, independent of the transport: the gRPC service and
/// the REST router both call these with wire messages and the caller's `AccessContext`.
struct FirestoreOperations: Sendable {
    /// The engine every operation runs on.
    let engine: Engine
    /// The console's usage counters (reads are counted here; writes from the change feed).
    var usage: UsageCounters? = nil
}
