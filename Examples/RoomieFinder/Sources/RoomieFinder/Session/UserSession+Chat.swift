public import Hearth

extension UserSession {
    /// CU-09: opens a chat with `partnerID` (typically an ad's publisher). Stores nothing: the
    /// conversation is created by its first message (CU-10).
    /// - Throws: `invalidChatPartner` for the user themself or a malformed uid; `profileNotFound`.
    public func startChat(with partnerID: String) async throws(RoomieFinderError) -> Conversation {
        try checkPartner(partnerID)
        let partner = try await profile(of: partnerID)
        do {
            let first = try await db().collection(Collections.chat(owner: uid, other: partnerID)).limit(to: 1)
                .getDocuments()
            return Conversation(partner: partner, hasMessages: !first.isEmpty)
        } catch {
            throw RoomieFinderError(error)
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
        let db = try db()
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
        do {
            try await batch.commit()
        } catch {
            throw RoomieFinderError(error)
        }
        return mine.documentID
    }

    /// CU-11: listens to the user's conversations, newest first: `onUpdate` gets the whole list
    /// now and again after every commit that changes it, so a new message moves its
    /// conversation to the top. Stop with `remove()`.
    public func listenToChats(
        _ onUpdate: @escaping @Sendable (Result<[MensajeReciente], RoomieFinderError>) -> Void
    ) -> any ListenerRegistration {
        let db: Firestore
        do {
            db = try self.db()
        } catch {
            onUpdate(.failure(error))
            return NoListener()
        }
        return db.collection(Collections.recentEntries(owner: uid))
            .order(by: "timestamp", descending: true)
            .addSnapshotListener { snapshot, error in onUpdate(Self.decode(snapshot, error, as: MensajeReciente.self)) }
    }

    /// The chat view (CU-10/CU-11): listens to the conversation with `partnerID`, oldest message
    /// first; `onUpdate` gets the whole conversation now and after every message either party sends.
    public func listenToMessages(
        with partnerID: String, _ onUpdate: @escaping @Sendable (Result<[MensajeChat], RoomieFinderError>) -> Void
    ) -> any ListenerRegistration {
        let db: Firestore
        do {
            try checkPartner(partnerID)
            db = try self.db()
        } catch {
            onUpdate(.failure(error))
            return NoListener()
        }
        return db.collection(Collections.chat(owner: uid, other: partnerID))
            .order(by: "timestamp")
            .addSnapshotListener { snapshot, error in onUpdate(Self.decode(snapshot, error, as: MensajeChat.self)) }
    }

    /// Refuses a chat with oneself or with a malformed uid.
    private func checkPartner(_ partnerID: String) throws(RoomieFinderError) {
        guard FieldCheck.identifier(partnerID) else { throw .invalidChatPartner("not a valid user id") }
        guard partnerID != uid else { throw .invalidChatPartner("you cannot chat with yourself") }
    }

    /// A listener's callback arguments as decoded documents or an error.
    private static func decode<T: Decodable>(
        _ snapshot: QuerySnapshot?, _ error: (any Error)?, as type: T.Type
    ) -> Result<[T], RoomieFinderError> {
        guard let snapshot else {
            return .failure(error.map { RoomieFinderError($0) } ?? .storage(code: "unknown", message: "no snapshot"))
        }
        return Result { () throws(RoomieFinderError) in try snapshot.decoded(as: type) }
    }
}

/// The registration of a listener that never started.
struct NoListener: ListenerRegistration {
    /// Nothing to stop.
    func remove() {}
}
