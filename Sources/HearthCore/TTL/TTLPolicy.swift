/// A TTL policy: documents of `collectionGroup` whose `fieldPath` holds a timestamp in the past
/// are deleted (Firestore's time-to-live; declared in `firestore.indexes.json` field overrides).
public struct TTLPolicy: Sendable, Hashable {
    /// The collection id the policy covers, at any depth.
    public var collectionGroup: String
    /// The timestamp field, in the server's dotted form.
    public var fieldPath: String

    /// Creates a policy.
    public init(collectionGroup: String, fieldPath: String) {
        self.collectionGroup = collectionGroup
        self.fieldPath = fieldPath
    }
}

/// What a policy has deleted since the engine opened.
package struct TTLPolicyStatus: Sendable, Equatable {
    /// The policy.
    package var policy: TTLPolicy
    /// Documents deleted.
    package var deleted = 0
    /// When the last sweep ended (engine clock, microseconds), nil before the first.
    package var lastSweep: Int64?
    /// The most recently deleted documents (database-relative paths, newest last, at most 20).
    package var recent: [String] = []
    /// The last sweep's failure, if it failed.
    package var lastError: String?
}
