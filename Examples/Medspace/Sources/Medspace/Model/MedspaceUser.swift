public import Hearth

/// A user's public profile, `Users/{uid}`. The password lives only in the account store.
public struct MedspaceUser: Codable, Sendable, Equatable {
    /// The uid (the document id).
    @DocumentID public var id: String?
    /// The unique user name, as typed (e.g. `DrQueralt`).
    public var username: String
    /// `username` lowercased: what uniqueness (the `Usernames/{usernameKey}` claim) and the
    /// author search (UC13) compare.
    public var usernameKey: String
    /// Full name, e.g. `Queralt Sosa`.
    public var fullname: String
    /// Doctor or administrator.
    public var type: UserType
    /// The account's email (normalized).
    public var email: String
    /// Whether new posts matching the user's keywords notify them (UC20).
    public var notifications: Bool

    /// A profile with every field given; `usernameKey` is derived from `username`.
    public init(username: String, fullname: String, type: UserType, email: String, notifications: Bool) {
        self.username = username
        self.usernameKey = username.lowercased()
        self.fullname = fullname
        self.type = type
        self.email = email
        self.notifications = notifications
    }
}
