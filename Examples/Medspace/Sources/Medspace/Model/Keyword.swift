public import Hearth
import Foundation

/// A keyword a user is alerted about, `Keywords/{uid}/items/{normalized}`. The document id is the
/// folded keyword, so the store itself keeps keywords unique per user, case- and accent-insensitively.
public struct Keyword: Codable, Sendable, Equatable {
    /// The document id (equal to `normalized`).
    @DocumentID public var id: String?
    /// The keyword as typed, e.g. `Cardiología`.
    public var keyword: String
    /// Its words folded and joined by single spaces, e.g. `cardiologia`.
    public var normalized: String
    /// The first folded word, which the notifier looks up (`firstWord in <post's words>`).
    public var firstWord: String

    /// A keyword from text that has at least one word.
    init?(_ text: String) {
        let words = TextFolding.words(text)
        guard let first = words.first else { return nil }
        self.keyword = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.normalized = words.joined(separator: " ")
        self.firstWord = first
    }
}
