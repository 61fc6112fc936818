public import Hearth

/// A meeting planned in a group (thesis: *Evento*), `groups/{groupId}/events/{eventId}`.
public struct Evento: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// The event's title.
    public var title: String
    /// Details.
    public var description: String
    /// Where it takes place (the "lugar" of CU08).
    public var placeName: String
    /// When it was created (a server timestamp, never changed).
    @ServerTimestamp public var createdAt: Timestamp?
    /// When it takes place.
    public var date: Timestamp
    /// Whether attendees may give the window of time that suits them.
    public var isFlexible: Bool
}
