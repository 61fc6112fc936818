import ExampleSupport
import Hearth

extension UserSession {
    /// Professionals (CU012 from a chat, screen 14): sends a proposal in chat `chatID` — an offer
    /// on the newest open direct hire (CU008) the chat partner addressed to the signed-in user.
    /// Returns the request it went to and the offer.
    /// - Throws: `invalidChatPartner` for a chat the user is not in; `requestNotFound` when the
    ///   partner has no open direct hire for the user; as `sendOffer`.
    public func sendProposal(_ form: OfferForm, in chatID: String) async throws(WorkNowError) -> (Solicitud, Oferta) {
        let client = try await partner(in: chatID)
        guard let request = try await openHires(client: client, worker: uid).first else {
            throw .requestNotFound(id: "direct hire by \(client)")
        }
        return (request, try await sendOffer(form, to: request.requestID))
    }

    /// Clients (CU010): accepts the proposal the professional of chat `chatID` made on the client's
    /// newest open direct hire of them that has one, at its price — the same one-offer transaction
    /// as `acceptOffer` (CU004).
    /// - Throws: `invalidChatPartner`; `offerNotFound` when no open direct hire of the partner has
    ///   their proposal; as `acceptOffer`.
    public func acceptProposal(in chatID: String) async throws(WorkNowError) -> Solicitud {
        let professional = try await partner(in: chatID)
        for request in try await openHires(client: uid, worker: professional) {
            let proposals = try await offers(on: request.requestID)
            if proposals.contains(where: { $0.worker == professional }) {
                return try await acceptOffer(of: professional, on: request.requestID)
            }
        }
        throw .offerNotFound(worker: professional)
    }

    /// The other participant of chat `chatID`.
    /// - Throws: `invalidChatPartner` when the chat does not exist or the user is not in it.
    func partner(in chatID: String) async throws(WorkNowError) -> String {
        guard FieldCheck.identifier(chatID) else { throw .invalidChatPartner("not a chat id") }
        let chat: Chat
        do {
            let snapshot = try await db.collection(Collections.chats).document(chatID).getDocument()
            guard snapshot.exists else { throw WorkNowError.invalidChatPartner("no chat \(chatID)") }
            chat = try snapshot.decoded(as: Chat.self)
        } catch {
            let mapped = WorkNowError.mapped(error)
            if case .notAllowed = mapped { throw .invalidChatPartner("not a participant of \(chatID)") }
            throw mapped
        }
        guard let other = chat.partner(of: uid), chat.participants.contains(uid) else {
            throw .invalidChatPartner("not a participant of \(chatID)")
        }
        return other
    }

    /// The open direct hires of `worker` by `client`, newest first (equality filters only: no
    /// composite index).
    private func openHires(client: String, worker: String) async throws(WorkNowError) -> [Solicitud] {
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.requests)
                .whereField("client", isEqualTo: client)
                .whereField("worker", isEqualTo: worker)
                .whereField("status", isEqualTo: RequestStatus.open.rawValue)
                .getDocuments().decoded(as: Solicitud.self)
                .sorted(by: Self.newestFirst)
        }
    }

    /// Newest `createdAt` first; a request without one last.
    static func newestFirst(_ a: Solicitud, _ b: Solicitud) -> Bool {
        switch (a.createdAt, b.createdAt) {
        case (let x?, let y?): x > y
        case (.some, nil): true
        default: false
        }
    }
}
