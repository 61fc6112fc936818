/// A comment as a post's comment list shows it (UC14): the comment, with its date, and its
/// author's names.
public struct CommentListing: Sendable, Equatable {
    /// The comment.
    public let comment: Comment
    /// The author's user name, or nil when the author's profile is gone.
    public let authorUsername: String?
    /// The author's full name, or nil when the author's profile is gone.
    public let authorFullname: String?

    /// The comment's document id.
    public var id: String { comment.id ?? "" }
}
