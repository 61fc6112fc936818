/// A post the notifier saw appear: what matching and the notification need.
struct NewPost: Sendable, Equatable {
    /// Its kind.
    let kind: PostKind
    /// Its document id.
    let id: String
    /// The author's uid (never notified about their own post).
    let author: String
    /// The title.
    let title: String
    /// The body text.
    let description: String

    /// The folded words of the title and the description, in order (keywords are matched as
    /// consecutive words of this sequence).
    var words: [String] { TextFolding.wordSequence(title + " " + description) }
}
