import Hearth

extension UserSession {
    /// UC26: deletes the user's account once they confirmed: as the user, under the rules, their
    /// posts of every kind (with all comments on them), their comments on other posts, their
    /// keywords and notifications, the profile and the user-name claim; then the account itself,
    /// and the session signs out. The administrator cannot leave (the rules refuse it too).
    /// - Parameter confirmed: the answer to the confirmation; false ends the use case.
    /// - Returns: false when not confirmed.
    /// - Throws: `adminCannotLeave`.
    @discardableResult
    public func deleteAccount(confirmed: Bool) async throws(MedspaceError) -> Bool {
        guard confirmed else { return false }
        let me = try await profile()
        guard me.type == .doctor else { throw .adminCannotLeave }
        try await MedspaceError.mapping {
            for kind in PostKind.allCases {
                let mine = try await db.collection(kind.collection).whereField("user", isEqualTo: uid).getDocuments()
                for post in mine.documents { _ = try await deleteWithComments(kind, post.documentID) }
            }
            let comments = try await db.collectionGroup(Collections.comments).whereField("user", isEqualTo: uid)
                .getDocuments()
            try await deleteAll(comments.documents.map(\.reference), in: db)
            let keywords = try await db.collection(Collections.keywords(of: uid)).getDocuments()
            try await deleteAll(keywords.documents.map(\.reference), in: db)
            let notifications = try await db.collection(Collections.notifications(of: uid)).getDocuments()
            try await deleteAll(notifications.documents.map(\.reference), in: db)
            let batch = db.batch()
            batch.deleteDocument(db.collection(Collections.users).document(uid))
            batch.deleteDocument(db.collection(Collections.usernames).document(me.usernameKey))
            try await batch.commit()
        }
        try await MedspaceError.mapping {
            try await account.delete()
        }
        signOut()
        return true
    }

    /// Deletes `references` in batches of at most 500.
    private func deleteAll(_ references: [DocumentReference], in db: Firestore) async throws {
        for start in stride(from: 0, to: references.count, by: Self.batchLimit) {
            let batch = db.batch()
            for reference in references[start..<min(start + Self.batchLimit, references.count)] {
                batch.deleteDocument(reference)
            }
            try await batch.commit()
        }
    }
}
