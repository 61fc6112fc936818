public import Hearth

/// One chat message, `chats/{chatId}/messages/{autoId}`.
public struct Mensaje: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// The sender's uid.
    public var senderId: String
    /// The sender's first name, shown above the bubble.
    public var senderName: String
    /// The message (never blank).
    public var text: String
    /// When the store committed it.
    @ServerTimestamp public var sentAt: Timestamp?
}

/// A conversation's document, `chats/{chatId}`: who may read and write its messages.
public struct Chat: Codable, Sendable, Equatable {
    /// The chat id (the original's rule, see `ChatID`).
    @DocumentID public var id: String?
    /// The two uids, smaller first.
    public var participants: [String]
    /// The request that first brought the two together; nil for a contact before any job (CU009).
    public var requestId: String?

    /// The participant who is not `uid`.
    public func partner(of uid: String) -> String? { participants.first { $0 != uid } }
}
