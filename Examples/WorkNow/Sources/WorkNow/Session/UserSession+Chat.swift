public import Hearth

extension UserSession {
    /// Opens the chat with the other party of request `requestID`'s accepted (or done) job:
    /// `chats/<chat id>` by the original's id rule, created on first use. Returns the chat.
    /// - Throws: `requestNotFound`; `notAParty`; `requestNotOpen(.open/.cancelled)` before an
    ///   offer was accepted or after a cancellation; `invalidChatPartner`.
    public func openChat(about requestID: String) async throws(WorkNowError) -> Chat {
        let request = try await request(requestID)
        let partnerUID = try Self.otherParty(of: request, for: uid)
        guard request.status == .accepted || request.status == .done else {
            throw .requestNotOpen(status: request.status)
        }
        let me = try await ownProfile()
        let partner = try await profile(of: partnerUID)
        let chatID = try ChatID.make(
            ChatID.Participant(uid: uid, nombre: me.nombre, apellidos: me.apellidos),
            ChatID.Participant(uid: partnerUID, nombre: partner.nombre, apellidos: partner.apellidos))
        let participants = [uid, partnerUID].sorted()
        do {
            let reference = try db().collection(Collections.chats).document(chatID)
            try await db().runTransaction { transaction in
                guard try !transaction.getDocument(reference).exists else { return }
                transaction.setData(["participants": participants, "requestId": requestID], forDocument: reference)
            }
            return try await reference.getDocument().decoded(as: Chat.self)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// Sends `text` to chat `chatID` as the signed-in user, stamped with the commit time.
    /// - Throws: `emptyMessage` for blank text; `notAllowed` when the user is not a participant.
    @discardableResult
    public func sendMessage(_ text: String, in chatID: String) async throws(WorkNowError) -> String {
        let text = FieldCheck.trimmed(text)
        guard !text.isEmpty else { throw .emptyMessage }
        guard FieldCheck.identifier(chatID) else { throw .invalidChatPartner("not a chat id") }
        let me = try await ownProfile()
        do {
            let reference = try await db().collection(Collections.messages(of: chatID)).addDocument(data: [
                "senderId": uid, "senderName": me.nombre, "text": text, "sentAt": FieldValue.serverTimestamp(),
            ])
            return reference.documentID
        } catch {
            throw WorkNowError(error)
        }
    }

    /// The chat view: listens to the last 25 messages of chat `chatID`, oldest first
    /// (`order(by: sentAt).limit(toLast: 25)`); `onUpdate` gets them now and again after every
    /// new message, which pushes the oldest out of the window.
    public func listenToMessages(
        in chatID: String, _ onUpdate: @escaping @Sendable (Result<[Mensaje], WorkNowError>) -> Void
    ) -> any ListenerRegistration {
        let db: Firestore
        do {
            guard FieldCheck.identifier(chatID) else { throw WorkNowError.invalidChatPartner("not a chat id") }
            db = try self.db()
        } catch {
            onUpdate(.failure(WorkNowError(error)))
            return NoListener()
        }
        return db.collection(Collections.messages(of: chatID))
            .order(by: "sentAt")
            .limit(toLast: Self.chatWindow)
            .addSnapshotListener { snapshot, error in onUpdate(Self.decode(snapshot, error, as: Mensaje.self)) }
    }

    /// How many messages the chat view shows (the original's `queryLimited(toLast: 25)`).
    public static let chatWindow = 25
}
