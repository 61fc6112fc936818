public import Hearth

/// An alert about a new post matching one of the user's keywords (UC23),
/// `Notifications/{uid}/items/{kind}_{postId}`: one per user and post, whatever the number of
/// keywords it matched.
public struct MedspaceNotification: Codable, Sendable, Equatable {
    /// The document id, `<kind>_<postId>`.
    @DocumentID public var id: String?
    /// The post's path, e.g. `Cases/abc`.
    public var post: String
    /// The post's kind.
    public var type: PostKind
    /// The post's title.
    public var title: String
    /// The keyword that matched (the first one, as the user typed it).
    public var keyword: String
    /// When the notification was written (a server timestamp).
    @ServerTimestamp public var date: Timestamp?

    /// The notification of `post` (of `kind`, id `postID`) for `keyword`.
    init(kind: PostKind, postID: String, title: String, keyword: String) {
        self.post = "\(kind.collection)/\(postID)"
        self.type = kind
        self.title = title
        self.keyword = keyword
    }

    /// The document id for the post `postID` of `kind`.
    static func documentID(kind: PostKind, postID: String) -> String { "\(kind.collection)_\(postID)" }
}
