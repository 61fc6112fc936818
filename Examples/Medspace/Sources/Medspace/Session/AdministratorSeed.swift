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
