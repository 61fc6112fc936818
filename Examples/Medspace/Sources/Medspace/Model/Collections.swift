/// The collection names of the data model and the paths built from them.
public enum Collections {
    /// `Users/{uid}`.
    public static let users = "Users"
    /// `Usernames/{usernameKey}`: one claim per user name, holding `{uid}`, so names stay unique.
    public static let usernames = "Usernames"
    /// The sub-collection of comments under each post.
    public static let comments = "Comments"
    /// `Keywords/{uid}/items/{normalized}`.
    public static let keywords = "Keywords"
    /// `Notifications/{uid}/items/{kind}_{postId}`.
    public static let notifications = "Notifications"
    /// The sub-collection under each `Keywords/{uid}` and `Notifications/{uid}`.
    public static let items = "items"

    /// `Keywords/<uid>/items`.
    static func keywords(of uid: String) -> String { "\(keywords)/\(uid)/\(items)" }
    /// `Notifications/<uid>/items`.
    static func notifications(of uid: String) -> String { "\(notifications)/\(uid)/\(items)" }
    /// `<Kind>/<postId>/Comments`.
    static func comments(of kind: PostKind, _ postID: String) -> String { "\(kind.collection)/\(postID)/\(comments)" }
}
