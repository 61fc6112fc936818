/// A post as a list shows it (UC4/UC5/UC11–13): the post, its kind and its author's names.
public struct PostListing: Sendable, Equatable {
    /// The post.
    public let post: Post
    /// Its kind (the collection it lives in).
    public let kind: PostKind
    /// The author's user name, or nil when the author's profile is gone.
    public let authorUsername: String?
    /// The author's full name, or nil when the author's profile is gone.
    public let authorFullname: String?

    /// The post's document id.
    public var id: String { post.id ?? "" }
    /// `Cases/<id>`.
    public var path: String { "\(kind.collection)/\(id)" }
}
