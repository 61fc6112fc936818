public import Hearth

/// A post of any kind, `{Kind}/{autoId}`: the common fields, plus those of its kind
/// (`history` and `examination` for cases, `image` for news, `pdf` for research articles).
public struct Post: Codable, Sendable, Equatable {
    /// The auto-generated document id.
    @DocumentID public var id: String?
    /// The title.
    public var title: String
    /// The body text.
    public var description: String
    /// One of the 18 specialities.
    public var speciality: Speciality
    /// The author's uid.
    public var user: String
    /// When it was published (a server timestamp).
    @ServerTimestamp public var date: Timestamp?
    /// The title's words, folded (lowercase, no accents), for the title search (UC12).
    public var titleWords: [String]
    /// Cases only: the patient's clinical history.
    public var history: String?
    /// Cases only: the relevant examination.
    public var examination: String?
    /// News only: the storage path of the picture.
    public var image: String?
    /// Research articles only: the storage path of the PDF.
    public var pdf: String?

    /// A new post by `user` from a validated form.
    init(user: String, form: PostForm) {
        self.title = form.title
        self.description = form.description
        self.speciality = form.speciality
        self.user = user
        self.titleWords = TextFolding.words(form.title)
        self.history = form.history
        self.examination = form.examination
        self.image = form.image
        self.pdf = form.pdf
    }
}
