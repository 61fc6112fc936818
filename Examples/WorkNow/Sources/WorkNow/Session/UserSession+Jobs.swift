import ExampleSupport
import Hearth

extension UserSession {
    /// A job as its parties see it: the job in progress (screen 15 — the chat and both phone
    /// numbers) or, later, its detail in the history (screens 11–12), with the accepted offer and
    /// the ratings given.
    /// - Throws: `requestNotFound` (also when the rules hide it); `notAParty`.
    public func job(_ requestID: String) async throws(WorkNowError) -> JobDetail {
        let request = try await request(requestID)
        guard request.client == uid || request.acceptedOffer == uid || request.worker == uid else { throw .notAParty }
        let client = try await profile(of: request.client)
        let workerUID = request.acceptedOffer ?? request.worker
        var worker: Usuario?
        if let workerUID { worker = try await profile(of: workerUID) }
        var offer: Oferta?
        if let accepted = request.acceptedOffer { offer = try await self.offer(of: accepted, on: requestID) }
        var chatID: String?
        if let worker, let workerUID {
            chatID = try? ChatID.make(
                ChatID.Participant(uid: request.client, nombre: client.nombre, apellidos: client.apellidos),
                ChatID.Participant(uid: workerUID, nombre: worker.nombre, apellidos: worker.apellidos))
            if let id = chatID, !(try await chatExists(id)) { chatID = nil }
        }
        return JobDetail(
            request: request, client: client, worker: worker, offer: offer, chatID: chatID,
            ratings: try await ratings(forJob: requestID))
    }

    /// History (screens 10–12): the user's jobs as client (their requests with an accepted offer)
    /// and as worker (requests whose accepted offer is theirs, index `acceptedOffer, createdAt
    /// DESC`), newest first, in every status from `accepted` on.
    public func jobHistory() async throws(WorkNowError) -> JobHistory {
        let asClient = try await myRequests().filter { $0.acceptedOffer != nil }
        return try await WorkNowError.mapping {
            let asWorker = try await db.collection(Collections.requests)
                .whereField("acceptedOffer", isEqualTo: uid)
                .order(by: "createdAt", descending: true)
                .getDocuments().decoded(as: Solicitud.self)
            return JobHistory(asClient: asClient, asWorker: asWorker)
        }
    }

    /// The offer of `worker` on `requestID` (readable by that worker and the client).
    private func offer(of worker: String, on requestID: String) async throws(WorkNowError) -> Oferta? {
        return try await WorkNowError.mapping {
            let snapshot = try await requestReference(requestID).collection(Collections.offers).document(worker)
                .getDocument()
            return snapshot.exists ? try snapshot.decoded(as: Oferta.self) : nil
        }
    }

    /// Whether chat `chatID` exists (a participant's read).
    private func chatExists(_ chatID: String) async throws(WorkNowError) -> Bool {
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.chats).document(chatID).getDocument().exists
        }
    }
}
