public import Hearth

/// A comment on a post, `{Kind}/{postId}/Comments/{autoId}`.
public struct Comment: Codable, Sendable, Equatable {
    /// The auto-generated document id.
    @DocumentID public var id: String?
    /// The text, 1–200 characters.
    public var message: String
    /// The author's uid.
    public var user: String
    /// When it was written (a server timestamp).
    @ServerTimestamp public var date: Timestamp?

    /// A new comment by `user`.
    init(message: String, user: String) {
        self.message = message
        self.user = user
    }
}
