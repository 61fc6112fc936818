import Hearth

/// The pure part of UC23: which users a new post alerts, given the keywords found for its words.
enum KeywordMatch {
    /// A keyword as the notifier reads it from `Keywords/{owner}/items/{id}`.
    struct Candidate: Sendable, Equatable {
        /// The keyword's owner.
        let owner: String
        /// The keyword as typed.
        let keyword: String
        /// Its folded words joined by spaces.
        let normalized: String
    }

    /// For each owner other than the post's author with a keyword whose words occur consecutively
    /// in the post, the keyword to mention: the alphabetically first of the matching ones, so
    /// the result does not depend on the order the candidates came in.
    static func recipients(of post: NewPost, among candidates: [Candidate]) -> [String: String] {
        let words = post.words
        var chosen: [String: Candidate] = [:]
        for candidate in candidates where candidate.owner != post.author {
            let phrase = candidate.normalized.split(separator: " ").map(String.init)
            guard TextFolding.contains(words, phrase: phrase) else { continue }
            if let current = chosen[candidate.owner], current.normalized <= candidate.normalized { continue }
            chosen[candidate.owner] = candidate
        }
        return chosen.mapValues(\.keyword)
    }

    /// The candidate a keyword document describes, or nil for anything else under an `items`
    /// collection (notifications share the collection id).
    static func candidate(_ document: QueryDocumentSnapshot) -> Candidate? {
        let segments = document.reference.path.split(separator: "/")
        guard segments.count == 4, segments[0] == Collections.keywords[...],
            let keyword = document.get("keyword") as? String, let normalized = document.get("normalized") as? String
        else { return nil }
        return Candidate(owner: String(segments[1]), keyword: keyword, normalized: normalized)
    }
}
