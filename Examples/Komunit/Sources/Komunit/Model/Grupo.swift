public import Hearth

/// An activity group (thesis: *Grupo*), `groups/{groupId}`.
public struct Grupo: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// The group's name.
    public var title: String
    /// What the group is about.
    public var description: String
    /// The kind of activity (e.g. `música`, `deporte`).
    public var type: String
    /// How many members the group admits (> 0).
    public var memberLimit: Int
    /// Where the group meets.
    public var location: GeoPoint
    /// The name of that place.
    public var placeName: String
    /// The 9-character geohash of `location`, for the nearby search.
    public var geohash: String
    /// The uid of the user who created the group.
    public var ownerId: String
    /// How many memberships the group has; changed in the same transaction as they are.
    public var memberCount: Int
    /// When the last message was sent (creation time until then).
    @ServerTimestamp public var lastMessageAt: Timestamp?

    /// Whether one more member fits.
    public var hasRoom: Bool { memberCount < memberLimit }
}
