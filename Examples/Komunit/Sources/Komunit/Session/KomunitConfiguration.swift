public import Hearth

/// How `Komunit` opens its data directory.
public struct KomunitConfiguration: Sendable {
    /// The Firestore project id of the app's data.
    public var projectID: String
    /// PBKDF2 rounds for new passwords. Keep the default (100,000) outside tests; tests lower it.
    public var passwordIterations: Int
    /// Whether each commit is synced to disk before it returns.
    public var durability: Durability
    /// Whether a query production Firestore would refuse for want of an index fails here too
    /// (the app's indexes are `KomunitIndexes.source`, the text of `firestore.indexes.json`).
    public var requireIndexes: Bool

    /// The production defaults: 100,000 PBKDF2 rounds, durable commits, indexes required.
    public init(
        projectID: String = "demo-komunit", passwordIterations: Int = 100_000, durability: Durability = .full,
        requireIndexes: Bool = true
    ) {
        self.projectID = projectID
        self.passwordIterations = passwordIterations
        self.durability = durability
        self.requireIndexes = requireIndexes
    }
}

/// The domain's limits (RNF1, RNF2).
public enum Limits {
    /// A user belongs to at most this many groups at once.
    public static let groupsPerUser = 4
    /// A user owns (has created and still owns) at most this many groups.
    public static let ownedGroupsPerUser = 2
}
