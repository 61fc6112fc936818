public import Hearth

/// How `Medspace` opens its data directory.
public struct MedspaceConfiguration: Sendable {
    /// The Firestore project id of the app's data.
    public var projectID: String
    /// PBKDF2 rounds for new passwords (tests lower it to stay fast).
    public var passwordIterations: Int
    /// Whether each commit is synced to disk before it returns.
    public var durability: Durability
    /// When true, a query production Firestore would refuse for want of an index declared in
    /// `firestore.indexes.json` fails instead of running (the tests turn it on).
    public var requireIndexes: Bool
    /// The single administrator, created on first open when no administrator exists.
    public var administrator: AdministratorSeed

    /// The production defaults: 100,000 PBKDF2 rounds, durable commits, every valid query runs.
    public init(
        projectID: String = "demo-medspace", passwordIterations: Int = 100_000, durability: Durability = .full,
        requireIndexes: Bool = false, administrator: AdministratorSeed = .default
    ) {
        self.projectID = projectID
        self.passwordIterations = passwordIterations
        self.durability = durability
        self.requireIndexes = requireIndexes
        self.administrator = administrator
    }
}

/// The administrator account the backend creates when the store has none (the thesis's admin was
/// made by hand in the Firebase console; there is exactly one).
public struct AdministratorSeed: Sendable, Equatable {
    /// The administrator's email.
    public var email: String
    /// The initial password.
    public var password: String
    /// The user name.
    public var username: String
    /// The full name.
    public var fullname: String

    /// A seed with every field given.
    public init(email: String, password: String, username: String, fullname: String) {
        self.email = email
        self.password = password
        self.username = username
        self.fullname = fullname
    }

    /// `admin@medspace.org` / `medspace-admin`.
    public static let `default` = AdministratorSeed(
        email: "admin@medspace.org", password: "medspace-admin", username: "MedspaceAdmin",
        fullname: "Medspace Administration")
}
