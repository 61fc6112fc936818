import Hearth

extension UserSession {
    /// The longest comment.
    public static var maximumCommentLength: Int { 200 }

    /// UC14: the post's comments, oldest first, each with its date and its author's names (one
    /// read per distinct author). An empty list is the app's "No comments yet".
    /// - Throws: `postNotFound`.
    public func comments(on kind: PostKind, _ postID: String) async throws(MedspaceError) -> [CommentListing] {
        _ = try await storedPost(kind, postID)
        let comments: [Comment] = try await MedspaceError.mapping {
            try await db.collection(Collections.comments(of: kind, postID)).order(by: "date")
                .getDocuments().decoded(as: Comment.self)
        }
        let authors = await profiles(of: comments.map(\.user))
        return comments.map { comment in
            let author = authors[comment.user]
            return CommentListing(comment: comment, authorUsername: author?.username, authorFullname: author?.fullname)
        }
    }

    /// UC15: comments on a post, stamped with the commit time.
    /// - Throws: `missingField` for an empty message; `invalidField` over 200 characters; `postNotFound`.
    @discardableResult
    public func addComment(_ message: String, on kind: PostKind, _ postID: String) async throws(MedspaceError)
        -> Comment
    {
        let text = try Self.validMessage(message)
        _ = try await storedPost(kind, postID)
        return try await MedspaceError.mapping {
            let reference = try await db.collection(Collections.comments(of: kind, postID))
                .addDocument(from: Comment(message: text, user: uid))
            return try await reference.getDocument().decoded(as: Comment.self)
        }
    }

    /// UC16: changes the message of one of the user's comments.
    /// - Throws: `missingField`; `invalidField`; `nothingChanged` for the same message;
    ///   `notAllowed` for someone else's comment; `commentNotFound`.
    public func editComment(_ commentID: String, on kind: PostKind, _ postID: String, message: String)
        async throws(MedspaceError)
    {
        let text = try Self.validMessage(message)
        let (reference, comment) = try await storedComment(commentID, on: kind, postID)
        guard comment.user == uid else { throw .notAllowed("only the author may edit a comment") }
        guard comment.message != text else { throw .nothingChanged }
        try await MedspaceError.mapping {
            try await reference.updateData(["message": text])
        }
    }

    /// UC17: deletes one of the user's comments.
    /// - Throws: `notAllowed` for someone else's comment; `commentNotFound`.
    public func deleteComment(_ commentID: String, on kind: PostKind, _ postID: String) async throws(MedspaceError) {
        let (reference, comment) = try await storedComment(commentID, on: kind, postID)
        guard comment.user == uid else { throw .notAllowed("only the author may delete a comment") }
        try await MedspaceError.mapping {
            try await reference.delete()
        }
    }

    /// The comment and its reference.
    /// - Throws: `commentNotFound`.
    private func storedComment(_ commentID: String, on kind: PostKind, _ postID: String) async throws(MedspaceError)
        -> (DocumentReference, Comment)
    {
        let path = "\(Collections.comments(of: kind, postID))/\(commentID)"
        guard FieldCheck.identifier(commentID), FieldCheck.identifier(postID) else {
            throw .commentNotFound(path: path)
        }
        return try await MedspaceError.mapping {
            let reference = db.collection(Collections.comments(of: kind, postID)).document(commentID)
            guard let comment = try await reference.decoded(as: Comment.self) else {
                throw MedspaceError.commentNotFound(path: path)
            }
            return (reference, comment)
        }
    }

    /// The trimmed message, 1–200 characters.
    private static func validMessage(_ message: String) throws(MedspaceError) -> String {
        let text = try FieldCheck.required(message, "message")
        guard text.count <= maximumCommentLength else {
            throw .invalidField(name: "message", reason: "must have at most \(maximumCommentLength) characters")
        }
        return text
    }
}
