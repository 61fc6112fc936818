/// The four kinds of post, each in its own collection named as in the thesis.
public enum PostKind: String, Sendable, CaseIterable, Codable {
    /// `News/{id}`: news with an image, published by the administrator only.
    case news = "News"
    /// `Cases/{id}`: clinical cases, with the patient's history and the examination.
    case cases = "Cases"
    /// `Discussions/{id}`: questions and debates.
    case discussions = "Discussions"
    /// `Researches/{id}`: research articles, with a PDF.
    case researches = "Researches"

    /// The collection holding posts of this kind.
    public var collection: String { rawValue }

    /// The name the app shows (singular), e.g. `clinical case`.
    public var displayName: String {
        switch self {
        case .news: "news"
        case .cases: "clinical case"
        case .discussions: "discussion"
        case .researches: "research article"
        }
    }

    /// Whether only the administrator may publish this kind (news); doctors publish the others.
    public var isAdminOnly: Bool { self == .news }

    /// The kind whose collection is `collection`, or nil.
    public init?(collection: String) { self.init(rawValue: collection) }
}
