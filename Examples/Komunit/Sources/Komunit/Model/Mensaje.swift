public import Hearth

/// A chat message of a group (thesis: *Mensaje*), `groups/{groupId}/messages/{autoId}`.
public struct Mensaje: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// The sender's uid.
    public var senderId: String
    /// The text (never empty).
    public var content: String
    /// When the store committed it (a server timestamp).
    @ServerTimestamp public var sentAt: Timestamp?
    /// Who has read it; the sender from the start.
    public var readBy: [String]

    /// A message about to be sent by `senderId`, read by its sender.
    init(senderId: String, content: String) {
        self.senderId = senderId
        self.content = content
        readBy = [senderId]
    }
}
