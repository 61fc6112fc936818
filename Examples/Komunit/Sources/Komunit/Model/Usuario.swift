public import Hearth

/// A person using the app (thesis: *Usuario*), `users/{uid}`.
public struct Usuario: Codable, Sendable, Equatable {
    /// The uid (the document id).
    @DocumentID public var id: String?
    /// Full name.
    public var name: String
    /// Public user name shown in chats.
    public var username: String
    /// The account's email.
    public var email: String
    /// When the user registered (a server timestamp).
    @ServerTimestamp public var joinedAt: Timestamp?
    /// Where the user likes to look for groups.
    public var preferredLocation: GeoPoint
    /// Where the profile photo is kept (A.6); the thesis names no file store, so only the path is
    /// stored. Absent until the user sets one.
    public var photoPath: String?
    /// The groups the user belongs to (at most 4); kept in the same commit as the memberships so
    /// a transaction can check the limit by reading one document.
    public var groupIds: [String]
    /// The groups the user created and still owns (at most 2).
    public var ownedGroupIds: [String]

    /// A user about to register; the store fills in `joinedAt`.
    init(name: String, username: String, email: String, preferredLocation: GeoPoint) {
        self.name = name
        self.username = username
        self.email = email
        self.preferredLocation = preferredLocation
        groupIds = []
        ownedGroupIds = []
    }
}
