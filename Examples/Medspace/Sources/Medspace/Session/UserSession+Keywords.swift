import ExampleSupport
import Hearth

extension UserSession {
    /// UC21/UC22's list: the user's keywords in alphabetical (folded) order.
    public func keywords() async throws(MedspaceError) -> [Keyword] {
        return try await MedspaceError.mapping {
            return try await db.collection(Collections.keywords(of: uid)).order(by: "normalized").getDocuments()
                .decoded(as: Keyword.self)
        }
    }

    /// UC21: adds a keyword. Its document id is the folded keyword and keywords are create-only,
    /// so a duplicate — `Cardiología` after `cardiologia` — is refused even by two concurrent calls.
    /// - Throws: `missingField` for an empty keyword; `keywordExists`.
    @discardableResult
    public func addKeyword(_ text: String) async throws(MedspaceError) -> Keyword {
        guard let keyword = Keyword(text) else { throw .missingField("keyword") }
        let reference = db.collection(Collections.keywords(of: uid)).document(keyword.normalized)
        try await MedspaceError.mapping {
            try await db.runTransaction { transaction in
                guard try !transaction.getDocument(reference).exists else {
                    throw MedspaceError.keywordExists(keyword.keyword)
                }
                transaction.setData(from: keyword, forDocument: reference)
            }
        }
        var stored = keyword
        stored.id = keyword.normalized
        return stored
    }

    /// UC22: deletes a keyword (given as typed or folded); deleting one the user lacks does nothing.
    public func deleteKeyword(_ text: String) async throws(MedspaceError) {
        guard let keyword = Keyword(text) else { throw .missingField("keyword") }
        try await MedspaceError.mapping {
            try await db.collection(Collections.keywords(of: uid)).document(keyword.normalized).delete()
        }
    }

    /// UC23: the user's notifications, newest first.
    public func notifications() async throws(MedspaceError) -> [MedspaceNotification] {
        return try await MedspaceError.mapping {
            return try await db.collection(Collections.notifications(of: uid)).order(by: "date", descending: true)
                .getDocuments().decoded(as: MedspaceNotification.self)
        }
    }

    /// UC23 step 2, the doctor's notification feed: the user's notifications, newest first, live —
    /// each one appears as the keyword trigger writes it, and a dismissed one leaves
    /// (`for try await feed in session.liveNotifications()`; leaving the loop stops listening).
    public func liveNotifications() -> AsyncThrowingStream<[MedspaceNotification], any Error> {
        db.collection(Collections.notifications(of: uid)).order(by: "date", descending: true)
            .liveValues(as: MedspaceNotification.self, failing: MedspaceError.self)
    }

    /// UC23: dismisses a notification.
    public func dismissNotification(_ id: String) async throws(MedspaceError) {
        guard FieldCheck.identifier(id) else { return }
        try await MedspaceError.mapping {
            try await db.collection(Collections.notifications(of: uid)).document(id).delete()
        }
    }
}
