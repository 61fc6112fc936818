import Hearth
import ExampleSupport

extension UserSession {
    /// CU-09: opens a chat with `partnerID` (typically an ad's publisher). Stores nothing: the
    /// conversation is created by its first message (CU-10).
    /// - Throws: `invalidChatPartner` for the user themself or a malformed uid; `profileNotFound`.
    public func startChat(with partnerID: String) async throws(RoomieFinderError) -> Conversation {
        try checkPartner(partnerID)
        let partner = try await profile(of: partnerID)
        return try await RoomieFinderError.mapping {
            let first = try await db.collection(Collections.chat(owner: uid, other: partnerID)).limit(to: 1)
                .getDocuments()
            return Conversation(partner: partner, hasMessages: !first.isEmpty)
        }
    }

    /// CU-10: sends `text` to `partnerID` as one atomic batch of four writes, all stamped with
    /// the commit time: the message in both users' copies of the chat (same id), and both
    /// users' `recent_messages` entries. Returns the message id.
    /// - Throws: `emptyMessage` for empty or blank text; `invalidChatPartner`; `profileNotFound`.
    @discardableResult
    public func sendMessage(_ text: String, to partnerID: String) async throws(RoomieFinderError) -> String {
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyMessage }
        try checkPartner(partnerID)
        let me = try await ownProfile()
        let partner = try await profile(of: partnerID)
        let mine = db.collection(Collections.chat(owner: uid, other: partnerID)).document()
        let theirs = db.collection(Collections.chat(owner: partnerID, other: uid)).document(mine.documentID)
        let message = MensajeChat(from: uid, to: partnerID, text: text)
        let batch = db.batch()
        batch.setData(from: message, forDocument: mine)
        batch.setData(from: message, forDocument: theirs)
        batch.setData(
            from: MensajeReciente(from: uid, to: partnerID, text: text, other: partner),
            forDocument: db.collection(Collections.recentEntries(owner: uid)).document(partnerID))
        batch.setData(
            from: MensajeReciente(from: uid, to: partnerID, text: text, other: me),
            forDocument: db.collection(Collections.recentEntries(owner: partnerID)).document(uid))
        try await RoomieFinderError.mapping {
            try await batch.commit()
        }
        return mine.documentID
    }

    /// CU-11: the user's conversations, newest first, live: the whole list now and again after
    /// every commit that changes it, so a new message moves its conversation to the top
    /// (`for try await chats in session.chats()`; leaving the loop stops listening).
    public func chats() -> AsyncThrowingStream<[MensajeReciente], any Error> {
        db.collection(Collections.recentEntries(owner: uid))
            .order(by: "timestamp", descending: true)
            .liveValues(as: MensajeReciente.self, failing: RoomieFinderError.self)
    }

    /// The chat view (CU-10/CU-11): the conversation with `partnerID`, oldest message first, live:
    /// the whole conversation now and after every message either party sends.
    public func messages(with partnerID: String) -> AsyncThrowingStream<[MensajeChat], any Error> {
        do {
            try checkPartner(partnerID)
            return db.collection(Collections.chat(owner: uid, other: partnerID))
                .order(by: "timestamp")
                .liveValues(as: MensajeChat.self, failing: RoomieFinderError.self)
        } catch {
            return .failed(error)
        }
    }

    /// Refuses a chat with oneself or with a malformed uid.
    private func checkPartner(_ partnerID: String) throws(RoomieFinderError) {
        guard FieldCheck.identifier(partnerID) else { throw .invalidChatPartner("not a valid user id") }
        guard partnerID != uid else { throw .invalidChatPartner("you cannot chat with yourself") }
    }
}
