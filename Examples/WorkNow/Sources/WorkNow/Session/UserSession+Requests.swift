import ExampleSupport
import Foundation
import Hearth

extension UserSession {
    /// Request a service (CU003): stores an open request of the signed-in client, stamped with the
    /// commit time. Every worker subscribed to the trade within the request's radius sees it live.
    /// - Throws: `invalidField` for a blank description, a missing location or a bad maximum price;
    ///   `invalidRadius`.
    public func requestService(_ form: RequestForm) async throws(WorkNowError) -> Solicitud {
        try await store(form, hiring: nil)
    }

    /// Hire a professional directly (CU008): a request addressed to `professional`, with the fields
    /// of CU003, which only the client and that professional see and answer. It goes to no trade's
    /// open-requests view and alerts only the professional.
    /// - Throws: as `requestService`; `notAProfessional` when `professional` does not work in the
    ///   form's trade (or is the client); `profileNotFound`.
    public func hire(_ professional: String, for form: RequestForm) async throws(WorkNowError) -> Solicitud {
        guard professional != uid else { throw .notAProfessional(uid: professional) }
        let profile = try await profile(of: professional)
        guard profile.trades.contains(form.categoria.rawValue) else { throw .notAProfessional(uid: professional) }
        return try await store(form, hiring: professional)
    }

    /// Stores the request of `form`, addressed to `worker` when given.
    private func store(_ form: RequestForm, hiring worker: String?) async throws(WorkNowError) -> Solicitud {
        let valid = try form.validated()
        var radius = valid.radiusKm ?? 0
        if valid.radiusKm == nil { radius = try await ownProfile().radiusKm }
        let reference: DocumentReference
        do {
            reference = try await db.collection(Collections.requests).addDocument(data: [
                "client": uid,
                "categoria": valid.categoria.rawValue,
                "descripcion": valid.descripcion,
                "precio_max": valid.precioMax.map { $0 as Any } ?? NSNull(),
                "location": try GeoPoint(latitude: valid.location.latitude, longitude: valid.location.longitude),
                "radiusKm": radius,
                "worker": worker.map { $0 as Any } ?? NSNull(),
                "createdAt": FieldValue.serverTimestamp(),
                "status": RequestStatus.open.rawValue,
                "acceptedOffer": NSNull(),
                "finishedBy": [String](),
                "paidAt": NSNull(),
            ])
        } catch {
            throw WorkNowError.mapped(error)
        }
        return try await request(reference.documentID)
    }

    /// Workers: the alerts the fan-out trigger wrote for new requests in range, newest first.
    public func myAlerts() async throws(WorkNowError) -> [RequestAlert] {
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.alerts(of: uid)).order(by: "createdAt", descending: true)
                .getDocuments().decoded(as: RequestAlert.self)
        }
    }

    /// The signed-in user's own requests, newest first (index `client ASC, createdAt DESC`).
    public func myRequests() async throws(WorkNowError) -> [Solicitud] {
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.requests)
                .whereField("client", isEqualTo: uid)
                .order(by: "createdAt", descending: true)
                .getDocuments().decoded(as: Solicitud.self)
        }
    }

    /// Workers (CU015): the open requests to the trades the worker is subscribed to whose radius
    /// covers the worker's place, newest first, live: the list now and again whenever it changes
    /// (a new request in range appears, an accepted or cancelled one disappears). Direct hires
    /// (CU008) never appear here.
    ///
    /// One query per worker — `categoria in <trades>`, `status == open`, `worker == null`, by
    /// `createdAt` (index `categoria, status, worker, createdAt DESC`) — and the distance check on
    /// each result, with the trades and place the profile had when listening started.
    public func openRequests() async -> AsyncThrowingStream<[Solicitud], any Error> {
        let me: Usuario
        do {
            me = try await ownProfile()
        } catch {
            return .failed(error)
        }
        guard !me.trades.isEmpty else {
            return AsyncThrowingStream { continuation in
                continuation.yield([])
                continuation.finish()
            }
        }
        let view = OpenRequestsView(worker: uid, location: me.location)
        return db.collection(Collections.requests)
            .whereField("categoria", in: me.trades)
            .whereField("status", isEqualTo: RequestStatus.open.rawValue)
            .whereField("worker", isEqualTo: NSNull())
            .order(by: "createdAt", descending: true)
            .liveValues(as: Solicitud.self, failing: WorkNowError.self)
            .compactMapped { view.update($0) }
    }

    /// Professionals: the open direct hires addressed to the signed-in user (CU008), newest first,
    /// live (index `worker, status, createdAt DESC`); one leaves the list once accepted or cancelled.
    public func directRequests() -> AsyncThrowingStream<[Solicitud], any Error> {
        db.collection(Collections.requests)
            .whereField("worker", isEqualTo: uid)
            .whereField("status", isEqualTo: RequestStatus.open.rawValue)
            .order(by: "createdAt", descending: true)
            .liveValues(as: Solicitud.self, failing: WorkNowError.self)
    }

    /// Cancels request `id`: its client from `open` or `accepted`, its accepted worker from
    /// `accepted` ("cancelar" for last-minute problems, screen 15).
    /// - Throws: `requestNotFound`; `notAParty` for anyone else (and for a worker before acceptance);
    ///   `illegalTransition` from `done` or `cancelled`.
    public func cancelRequest(_ id: String) async throws(WorkNowError) -> Solicitud {
        try await change(id) { request, me throws(WorkNowError) in
            let isClient = request.client == me
            guard isClient || (request.acceptedOffer == me && request.status == .accepted) else { throw .notAParty }
            guard request.status.canMove(to: .cancelled) else {
                throw .illegalTransition(from: request.status, to: .cancelled)
            }
            return ["status": RequestStatus.cancelled.rawValue]
        }
    }

    /// "Finalizar" (screen 15): the client or the accepted worker adds themself to `finishedBy`;
    /// the request becomes `done` once both are there. One transaction, so two parties pressing at
    /// once always end in `done`.
    /// - Throws: `requestNotFound`; `notAParty`; `illegalTransition(to: .done)` unless the job is
    ///   in progress (`accepted`); `alreadyFinished`.
    public func finishJob(_ id: String) async throws(WorkNowError) -> Solicitud {
        try await change(id) { request, me throws(WorkNowError) in
            guard request.client == me || request.acceptedOffer == me else { throw .notAParty }
            guard request.status == .accepted, let worker = request.acceptedOffer else {
                throw .illegalTransition(from: request.status, to: .done)
            }
            guard !request.finishedBy.contains(me) else { throw .alreadyFinished }
            let finished = request.finishedBy + [me]
            let both = finished.contains(request.client) && finished.contains(worker)
            return [
                "finishedBy": finished,
                "status": (both ? RequestStatus.done : RequestStatus.accepted).rawValue,
            ]
        }
    }

    /// Pay (CU011 / RF009), simulated: no payment provider; the client's payment of a done job sets
    /// `paidAt` to the commit time, once. Ratings become possible afterwards.
    /// - Throws: `requestNotFound`; `notTheClient`; `jobNotDone`; `alreadyPaid`.
    public func pay(job id: String) async throws(WorkNowError) -> Solicitud {
        try await change(id) { request, me throws(WorkNowError) in
            guard request.client == me else { throw .notTheClient }
            guard request.status == .done else { throw .jobNotDone }
            guard request.paidAt == nil else { throw .alreadyPaid }
            return ["paidAt": FieldValue.serverTimestamp()]
        }
    }

    /// Reads request `id` in a transaction, asks `fields` for the update (which checks the party
    /// and the life cycle and throws when the change is not allowed), writes it, and returns the
    /// request afterwards.
    func change(
        _ id: String,
        _ fields: (Solicitud, String) throws(WorkNowError) -> [String: Any]
    ) async throws(WorkNowError) -> Solicitud {
        let reference = try requestReference(id)
        // Read first outside the transaction: a request the rules hide reads as not found.
        _ = try await request(id)
        let myUID = uid
        try await WorkNowError.mapping {
            try await db.runTransaction { transaction in
                let snapshot = try transaction.getDocument(reference)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: id) }
                let update = try fields(try snapshot.decoded(as: Solicitud.self), myUID)
                transaction.updateData(update, forDocument: reference)
            }
        }
        return try await request(id)
    }
}
