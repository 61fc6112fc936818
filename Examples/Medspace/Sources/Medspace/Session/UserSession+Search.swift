import Hearth

extension UserSession {
    /// Firestore's limit on the values of an `array-contains-any` filter.
    static let containsAnyLimit = 30

    /// UC11: posts of `kind` in `speciality`, newest first (index `speciality` ↑ `date` ↓).
    /// An empty result is the app's "No posts found with these filters".
    public func searchBySpeciality(_ kind: PostKind, _ speciality: Speciality) async throws(MedspaceError)
        -> [PostListing]
    {
        try await listings(
            kind, try db().collection(kind.collection).whereField("speciality", isEqualTo: speciality.rawValue)
                .order(by: "date", descending: true))
    }

    /// UC12: posts of `kind` whose title has any of the words of `text`, case- and
    /// accent-insensitively (`cardiologia` finds `Cardiología`), newest first: one
    /// `array-contains-any` query on the folded `titleWords` (index `titleWords` contains, `date` ↓).
    /// - Throws: `missingField` when `text` has no word; `invalidField` for more than 30 words.
    public func searchByTitle(_ kind: PostKind, _ text: String) async throws(MedspaceError) -> [PostListing] {
        let words = TextFolding.words(text)
        guard !words.isEmpty else { throw .missingField("search") }
        guard words.count <= Self.containsAnyLimit else {
            throw .invalidField(name: "search", reason: "may have at most \(Self.containsAnyLimit) words")
        }
        let collection = try db().collection(kind.collection)
        let query = words.count == 1
            ? collection.whereField("titleWords", arrayContains: words[0])
            : collection.whereField("titleWords", arrayContainsAny: words)
        return try await listings(kind, query.order(by: "date", descending: true))
    }

    /// UC13: posts of `kind` by the user named `username`, case-insensitively, newest first:
    /// the name's claim gives the uid, then the author query of UC5. An unknown name finds nothing.
    /// - Throws: `missingField` for an empty name.
    public func searchByAuthor(_ kind: PostKind, _ username: String) async throws(MedspaceError) -> [PostListing] {
        let key = try FieldCheck.required(username, "search").lowercased()
        guard FieldCheck.identifier(key) else { return [] }
        let author: String
        do {
            let claim = try await db().collection(Collections.usernames).document(key).getDocument()
            guard let uid = claim.get("uid") as? String else { return [] }
            author = uid
        } catch {
            throw MedspaceError(error)
        }
        return try await posts(of: author, kind)
    }
}
