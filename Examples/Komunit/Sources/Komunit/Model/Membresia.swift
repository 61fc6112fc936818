public import Hearth

/// That a user belongs to a group (thesis: *Membresía*), `memberships/{groupId}_{uid}`.
public struct Membresia: Codable, Sendable, Equatable {
    /// `<groupId>_<uid>`.
    @DocumentID public var id: String?
    /// The member.
    public var userId: String
    /// The group.
    public var groupId: String
    /// When the user joined (a server timestamp).
    @ServerTimestamp public var joinedAt: Timestamp?

    /// A membership about to be written.
    init(userId: String, groupId: String) {
        self.userId = userId
        self.groupId = groupId
    }
}
