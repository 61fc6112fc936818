import Hearth

extension UserSession {
    /// Firestore's limit on the writes of one batch.
    static var batchLimit: Int { 500 }

    /// UC4: every post of `kind`, newest first, with its author's names.
    public func listPosts(_ kind: PostKind) async throws(MedspaceError) -> [PostListing] {
        try await listings(kind, db.collection(kind.collection).order(by: "date", descending: true))
    }

    /// UC5: the user's own posts of `kind`, newest first (index `user` ↑ `date` ↓).
    public func myPosts(_ kind: PostKind) async throws(MedspaceError) -> [PostListing] {
        try await posts(of: uid, kind)
    }

    /// UC6: publishes a post of `kind` by the user, stamped with the commit time. News are for the
    /// administrator, the other kinds for doctors; the rules check it again with `get()` on the
    /// author's profile.
    /// - Throws: `missingField` naming the first empty field ("Please complete all required
    ///   fields"); `kindNotAllowed`.
    public func createPost(_ kind: PostKind, _ form: PostForm) async throws(MedspaceError) -> PostListing {
        let valid = try form.validated(for: kind)
        let me = try await profile()
        guard kind.isAdminOnly == (me.type == .admin) else { throw .kindNotAllowed(kind) }
        let reference: DocumentReference = try await MedspaceError.mapping {
            try await db.collection(kind.collection).addDocument(from: Post(user: uid, form: valid))
        }
        return try await post(kind, reference.documentID)
    }

    /// UC7: one post with its author's names.
    /// - Throws: `postNotFound`.
    public func post(_ kind: PostKind, _ id: String) async throws(MedspaceError) -> PostListing {
        let post = try await storedPost(kind, id)
        let author = try? await user(post.user)
        return PostListing(post: post, kind: kind, authorUsername: author?.username, authorFullname: author?.fullname)
    }

    /// UC8: rewrites the post's fields from `form` (author only; the rules refuse anyone else).
    /// - Throws: `missingField` for an empty field; `nothingChanged` when the form equals the
    ///   post; `notAllowed` for someone else's post; `postNotFound`.
    public func editPost(_ kind: PostKind, _ id: String, with form: PostForm) async throws(MedspaceError) -> PostListing {
        let valid = try form.validated(for: kind)
        let current = try await storedPost(kind, id)
        guard current.user == uid else { throw .notAllowed("only the author may edit a post") }
        guard valid != PostForm(current) else { throw .nothingChanged }
        var fields: [String: Any] = [
            "title": valid.title, "description": valid.description, "speciality": valid.speciality.rawValue,
            "titleWords": TextFolding.words(valid.title),
        ]
        if let history = valid.history { fields["history"] = history }
        if let examination = valid.examination { fields["examination"] = examination }
        if let image = valid.image { fields["image"] = image }
        if let pdf = valid.pdf { fields["pdf"] = pdf }
        try await MedspaceError.mapping {
            try await db.collection(kind.collection).document(id).updateData(fields)
        }
        return try await post(kind, id)
    }

    /// UC9: deletes one post (author only) with its comments.
    /// - Throws: `postNotFound`; `notAllowed`.
    public func deletePost(_ kind: PostKind, _ id: String) async throws(MedspaceError) {
        try await deletePosts(kind, [id])
    }

    /// UC9 ("Select", then "All" or "Done"): deletes several of the user's posts of `kind`, each
    /// with its comments. Every id is checked first, so nothing is deleted when one is not the
    /// user's. Returns how many comments went with them.
    /// - Throws: `postNotFound`; `notAllowed` for a post of someone else.
    @discardableResult
    public func deletePosts(_ kind: PostKind, _ ids: [String]) async throws(MedspaceError) -> Int {
        var checked: [String] = []
        for id in Set(ids).sorted() {
            let post = try await storedPost(kind, id)
            guard post.user == uid else { throw .notAllowed("only the author may delete a post") }
            checked.append(id)
        }
        var comments = 0
        for id in checked { comments += try await deleteWithComments(kind, id) }
        return comments
    }

    /// Deletes the post's comments in batches, the post itself in the last one (so a failure
    /// never leaves comments without their post); returns how many comments it deleted.
    func deleteWithComments(_ kind: PostKind, _ id: String) async throws(MedspaceError) -> Int {
        return try await MedspaceError.mapping {
            let post = db.collection(kind.collection).document(id)
            let comments = try await db.collection(Collections.comments(of: kind, id)).getDocuments().documents
            var remaining = comments[...]
            repeat {
                let batch = db.batch()
                let chunk = remaining.prefix(Self.batchLimit - 1)
                remaining = remaining.dropFirst(chunk.count)
                for comment in chunk { batch.deleteDocument(comment.reference) }
                if remaining.isEmpty { batch.deleteDocument(post) }
                try await batch.commit()
            } while !remaining.isEmpty
            return comments.count
        }
    }

    /// The posts of `author` of `kind`, newest first.
    func posts(of author: String, _ kind: PostKind) async throws(MedspaceError) -> [PostListing] {
        try await listings(
            kind, db.collection(kind.collection).whereField("user", isEqualTo: author)
                .order(by: "date", descending: true))
    }

    /// The post `Kind/id`, without author names.
    /// - Throws: `postNotFound`.
    func storedPost(_ kind: PostKind, _ id: String) async throws(MedspaceError) -> Post {
        let path = "\(kind.collection)/\(id)"
        guard FieldCheck.identifier(id) else { throw .postNotFound(path: path) }
        return try await MedspaceError.mapping {
            guard let post = try await db.collection(kind.collection).document(id).decoded(as: Post.self) else {
                throw MedspaceError.postNotFound(path: path)
            }
            return post
        }
    }

    /// Runs `query` over posts of `kind`, keeps the posts `keeping` accepts and adds the authors'
    /// names (one read per distinct author).
    func listings(
        _ kind: PostKind, _ query: Query, keeping: (Post) -> Bool = { _ in true }
    ) async throws(MedspaceError) -> [PostListing] {
        let posts: [Post] = try await MedspaceError.mapping {
            try await query.getDocuments().decoded(as: Post.self)
        }
        let kept = posts.filter(keeping)
        let authors = await profiles(of: kept.map(\.user))
        return kept.map { post in
            let author = authors[post.user]
            return PostListing(post: post, kind: kind, authorUsername: author?.username, authorFullname: author?.fullname)
        }
    }

    /// The profiles of `uids`, one read per distinct uid; a uid whose profile is gone is left out
    /// (its posts and comments show no author name).
    func profiles(of uids: [String]) async -> [String: MedspaceUser] {
        var profiles: [String: MedspaceUser] = [:]
        for author in Set(uids) {
            if let profile = try? await user(author) { profiles[author] = profile }
        }
        return profiles
    }
}
