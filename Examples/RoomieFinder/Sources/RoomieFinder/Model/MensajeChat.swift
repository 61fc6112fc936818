public import Hearth

/// One chat message, stored twice: `Chats/<from>/<to>/{id}` and `Chats/<to>/<from>/{id}`
/// (thesis Table 5.4).
public struct MensajeChat: Codable, Sendable, Equatable {
    /// The auto-generated id, the same in both copies.
    @DocumentID public var id: String?
    /// The sender's uid.
    public var fromID: String
    /// The receiver's uid.
    public var toID: String
    /// The message (never empty).
    public var text: String
    /// When the store committed it (a server timestamp).
    @ServerTimestamp public var timestamp: Timestamp?

    /// A message about to be sent; the store fills in `timestamp`.
    init(from: String, to: String, text: String) {
        fromID = from
        toID = to
        self.text = text
    }
}
