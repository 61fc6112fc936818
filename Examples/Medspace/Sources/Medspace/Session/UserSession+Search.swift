import Hearth

extension UserSession {
    /// UC11: the posts of `kind` in `scope` (every post, or the user's own) whose speciality is
    /// `speciality`, newest first (index `speciality` ↑ `date` ↓, with `user` ↑ first for `.mine`).
    /// An empty result is the app's "No posts found with these filters".
    public func searchBySpeciality(_ kind: PostKind, _ speciality: Speciality, in scope: PostScope = .all)
        async throws(MedspaceError) -> [PostListing]
    {
        try await listings(
            kind, scopedPosts(kind, scope).whereField("speciality", isEqualTo: speciality.rawValue)
                .order(by: "date", descending: true))
    }

    /// UC12: the posts of `kind` in `scope` whose title contains every word of `text`, whole words
    /// compared case- and accent-insensitively (`cardiologia PEDIATRICA` finds "Cardiología
    /// pediátrica y deporte", not "Cardiología de adultos"), in any order and anywhere in the
    /// title; newest first. Firestore allows one `array-contains` per query, so the store answers
    /// the longest word (the likeliest to be rare) on the folded `titleWords` (index `titleWords`
    /// contains, `date` ↓, with `user` ↑ for `.mine`), and each result's own title is checked here
    /// for every word.
    /// - Throws: `missingField` when `text` has no word.
    public func searchByTitle(_ kind: PostKind, _ text: String, in scope: PostScope = .all)
        async throws(MedspaceError) -> [PostListing]
    {
        let words = TextFolding.words(text)
        guard let probe = words.max(by: { $0.count < $1.count }) else { throw .missingField("search") }
        let query = scopedPosts(kind, scope).whereField("titleWords", arrayContains: probe)
            .order(by: "date", descending: true)
        return try await listings(kind, query) { post in
            Set(TextFolding.words(post.title)).isSuperset(of: words)
        }
    }

    /// UC13: the posts of `kind` in `scope` whose author's user name — the `username`, not the
    /// `fullname` — equals `username` ignoring case (`dranasosa` finds DrAnaSosa's), newest first:
    /// the name's claim gives the uid, then the author query of UC5. An unknown name, or in `.mine`
    /// anyone else's, finds nothing.
    /// - Throws: `missingField` for an empty name.
    public func searchByAuthor(_ kind: PostKind, _ username: String, in scope: PostScope = .all)
        async throws(MedspaceError) -> [PostListing]
    {
        let key = try FieldCheck.required(username, "search").lowercased()
        guard FieldCheck.identifier(key) else { return [] }
        let author: String
        do {
            let claim = try await db.collection(Collections.usernames).document(key).getDocument()
            guard let claimed = claim.get("uid") as? String else { return [] }
            author = claimed
        } catch {
            throw MedspaceError.mapped(error)
        }
        guard scope == .all || author == uid else { return [] }
        return try await posts(of: author, kind)
    }

    /// The posts of `kind` a search in `scope` runs over: all of them, or `user == me`.
    private func scopedPosts(_ kind: PostKind, _ scope: PostScope) -> Query {
        let collection = db.collection(kind.collection)
        switch scope {
        case .all: return collection
        case .mine: return collection.whereField("user", isEqualTo: uid)
        }
    }
}
