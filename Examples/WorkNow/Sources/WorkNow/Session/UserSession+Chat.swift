import ExampleSupport
import Foundation
import Hearth

extension UserSession {
    /// Opens the chat with the other party of request `requestID`: the accepted worker (or the
    /// client) of an accepted or done job, or — on a direct hire (CU008) that was not cancelled —
    /// the hired professional, before any offer. `chats/<chat id>` by the original's id rule,
    /// created on first use; an earlier chat of the same pair (a CU009 contact) is reused.
    /// - Throws: `requestNotFound`; `notAParty`; `requestNotOpen(.open/.cancelled)` before an
    ///   offer was accepted or after a cancellation; `invalidChatPartner`.
    public func openChat(about requestID: String) async throws(WorkNowError) -> Chat {
        let request = try await request(requestID)
        let partnerUID = try Self.chatPartner(in: request, for: uid)
        return try await chat(with: partnerUID, about: requestID)
    }

    /// Contact a professional (CU009) from their detail, before and without any job: the pair's
    /// chat, created with `requestId` null on first use (or the pair's existing chat).
    /// - Throws: `profileNotFound`; `notAProfessional` when `professional` offers no trade;
    ///   `invalidChatPartner` for oneself.
    public func contact(_ professional: String) async throws(WorkNowError) -> Chat {
        guard professional != uid else { throw .invalidChatPartner("you cannot chat with yourself") }
        guard try await profile(of: professional).isProfessional else { throw .notAProfessional(uid: professional) }
        return try await chat(with: professional, about: nil)
    }

    /// The chat of the signed-in user and `partnerUID`, created (naming `requestID`) when missing.
    private func chat(with partnerUID: String, about requestID: String?) async throws(WorkNowError) -> Chat {
        let me = try await ownProfile()
        let partner = try await profile(of: partnerUID)
        let chatID = try ChatID.make(
            ChatID.Participant(uid: uid, nombre: me.nombre, apellidos: me.apellidos),
            ChatID.Participant(uid: partnerUID, nombre: partner.nombre, apellidos: partner.apellidos))
        let participants = [uid, partnerUID].sorted()
        return try await WorkNowError.mapping {
            let reference = db.collection(Collections.chats).document(chatID)
            try await db.runTransaction { transaction in
                guard try !transaction.getDocument(reference).exists else { return }
                transaction.setData(
                    ["participants": participants, "requestId": requestID.map { $0 as Any } ?? NSNull()],
                    forDocument: reference)
            }
            return try await reference.getDocument().decoded(as: Chat.self)
        }
    }

    /// Who the signed-in `uid` chats with about `request`.
    /// - Throws: `notAParty`; `requestNotOpen` when the request does not allow a chat yet or any more.
    static func chatPartner(in request: Solicitud, for uid: String) throws(WorkNowError) -> String {
        if let hired = request.worker {
            guard request.client == uid || hired == uid else { throw .notAParty }
            guard request.status != .cancelled else { throw .requestNotOpen(status: .cancelled) }
            return request.client == uid ? hired : request.client
        }
        let partner = try otherParty(of: request, for: uid)
        guard request.status == .accepted || request.status == .done else {
            throw .requestNotOpen(status: request.status)
        }
        return partner
    }

    /// "Mis Chats" (§3.4): every chat of the signed-in user (`participants array-contains` me),
    /// live: now and again whenever one is added.
    public func myChats() -> AsyncThrowingStream<[Chat], any Error> {
        db.collection(Collections.chats)
            .whereField("participants", arrayContains: uid)
            .liveValues(as: Chat.self, failing: WorkNowError.self)
    }

    /// Sends `text` to chat `chatID` as the signed-in user, stamped with the commit time.
    /// - Throws: `emptyMessage` for blank text; `notAllowed` when the user is not a participant.
    @discardableResult
    public func sendMessage(_ text: String, in chatID: String) async throws(WorkNowError) -> String {
        let text = FieldCheck.trimmed(text)
        guard !text.isEmpty else { throw .emptyMessage }
        guard FieldCheck.identifier(chatID) else { throw .invalidChatPartner("not a chat id") }
        let me = try await ownProfile()
        return try await WorkNowError.mapping {
            let reference = try await db.collection(Collections.messages(of: chatID)).addDocument(data: [
                "senderId": uid, "senderName": me.nombre, "text": text, "sentAt": FieldValue.serverTimestamp(),
            ])
            return reference.documentID
        }
    }

    /// The chat view: the last 25 messages of chat `chatID`, oldest first
    /// (`order(by: sentAt).limit(toLast: 25)`), live: now and again after every new message,
    /// which pushes the oldest out of the window.
    public func messages(in chatID: String) -> AsyncThrowingStream<[Mensaje], any Error> {
        guard FieldCheck.identifier(chatID) else { return .failed(WorkNowError.invalidChatPartner("not a chat id")) }
        return db.collection(Collections.messages(of: chatID))
            .order(by: "sentAt")
            .limit(toLast: Self.chatWindow)
            .liveValues(as: Mensaje.self, failing: WorkNowError.self)
    }

    /// How many messages the chat view shows (the original's `queryLimited(toLast: 25)`).
    public static let chatWindow = 25
}
