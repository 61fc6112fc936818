public import Hearth

/// How an example app opens its data directory: the same four settings for each of the five.
public struct AppConfiguration: Sendable {
    /// The Firestore project id of the app's data; nil picks the app's own (e.g. `demo-roomiefinder`).
    public var projectID: String?
    /// PBKDF2 rounds for new passwords. Keep the default (at least 100,000) outside tests; tests
    /// lower it to stay fast. Existing accounts keep the count they were created with.
    public var passwordIterations: Int
    /// Whether each commit is synced to disk before it returns.
    public var durability: Durability
    /// Whether queries production Firestore would refuse without a declared index fail here too
    /// (apps that ship no `firestore.indexes.json` have nothing to require).
    public var requireIndexes: Bool

    /// The production defaults: the app's own project id, 100,000 PBKDF2 rounds, durable commits,
    /// indexes required.
    public init(
        projectID: String? = nil, passwordIterations: Int = 100_000, durability: Durability = .full,
        requireIndexes: Bool = true
    ) {
        self.projectID = projectID
        self.passwordIterations = passwordIterations
        self.durability = durability
        self.requireIndexes = requireIndexes
    }
}
