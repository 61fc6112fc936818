public import Hearth

/// That a member attends an event (thesis: *Asistencia*),
/// `groups/{groupId}/events/{eventId}/attendances/{uid}`.
public struct Asistencia: Codable, Sendable, Equatable {
    /// The attendee (also the document id).
    public var userId: String
    /// Start of the attendee's preferred window; only on flexible events, before `preferredEnd`.
    public var preferredStart: Timestamp?
    /// End of the attendee's preferred window.
    public var preferredEnd: Timestamp?
}
