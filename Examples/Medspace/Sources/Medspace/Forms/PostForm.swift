/// UC6/UC8's post form. Every field is required; the kind decides which extra fields it has:
/// cases `history` and `examination`, news `image`, research articles `pdf` (storage paths).
public struct PostForm: Sendable, Equatable {
    /// The title.
    public var title: String
    /// The body text.
    public var description: String
    /// The speciality.
    public var speciality: Speciality
    /// Cases: the patient's history.
    public var history: String?
    /// Cases: the examination.
    public var examination: String?
    /// News: the picture's storage path.
    public var image: String?
    /// Research articles: the PDF's storage path.
    public var pdf: String?

    /// A form; give the extra fields of the post's kind.
    public init(
        title: String, description: String, speciality: Speciality, history: String? = nil,
        examination: String? = nil, image: String? = nil, pdf: String? = nil
    ) {
        self.title = title
        self.description = description
        self.speciality = speciality
        self.history = history
        self.examination = examination
        self.image = image
        self.pdf = pdf
    }

    /// The form of an existing post (what the edit screen starts from).
    public init(_ post: Post) {
        self.init(
            title: post.title, description: post.description, speciality: post.speciality, history: post.history,
            examination: post.examination, image: post.image, pdf: post.pdf)
    }

    /// The form trimmed, with only `kind`'s fields, or `missingField` naming the first empty one.
    func validated(for kind: PostKind) throws(MedspaceError) -> PostForm {
        var valid = PostForm(
            title: try FieldCheck.required(title, "title"),
            description: try FieldCheck.required(description, "description"), speciality: speciality)
        switch kind {
        case .cases:
            valid.history = try FieldCheck.required(history, "history")
            valid.examination = try FieldCheck.required(examination, "examination")
        case .news:
            valid.image = try FieldCheck.required(image, "image")
        case .researches:
            valid.pdf = try FieldCheck.required(pdf, "pdf")
        case .discussions:
            break
        }
        return valid
    }
}
