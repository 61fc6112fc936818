import Foundation
public import Hearth

extension UserSession {
    /// Request a service: stores an open request of the signed-in client, stamped with the commit
    /// time. Every worker subscribed to the trade whose radius covers the place sees it live.
    /// - Throws: `invalidField` for a blank description, a missing location or a bad maximum price.
    public func requestService(_ form: RequestForm) async throws(WorkNowError) -> Solicitud {
        let valid = try form.validated()
        let reference: DocumentReference
        do {
            reference = try await db().collection(Collections.requests).addDocument(data: [
                "client": uid,
                "categoria": valid.categoria.rawValue,
                "descripcion": valid.descripcion,
                "precio_max": valid.precioMax.map { $0 as Any } ?? NSNull(),
                "location": try GeoPoint(latitude: valid.location.latitude, longitude: valid.location.longitude),
                "createdAt": FieldValue.serverTimestamp(),
                "status": RequestStatus.open.rawValue,
                "acceptedOffer": NSNull(),
            ])
        } catch {
            throw WorkNowError(error)
        }
        return try await request(reference.documentID)
    }

    /// Workers: the alerts the fan-out trigger wrote for new requests in range, newest first.
    public func myAlerts() async throws(WorkNowError) -> [RequestAlert] {
        do {
            return try await db().collection(Collections.alerts(of: uid)).order(by: "createdAt", descending: true)
                .getDocuments().decoded(as: RequestAlert.self)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// The signed-in user's own requests, newest first (index `client ASC, createdAt DESC`).
    public func myRequests() async throws(WorkNowError) -> [Solicitud] {
        do {
            return try await db().collection(Collections.requests)
                .whereField("client", isEqualTo: uid)
                .order(by: "createdAt", descending: true)
                .getDocuments().decoded(as: Solicitud.self)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// Workers: listens to the open requests of the trades the worker is subscribed to whose place
    /// is within the worker's radius, newest first. `onUpdate` gets the list now and again whenever
    /// it changes: a new request in range appears, an accepted or cancelled one disappears.
    ///
    /// One query per worker — `categoria in <trades>`, `status == open`, by `createdAt` (index
    /// `categoria, status, createdAt DESC`) — and the distance check on each result, with the
    /// trades, place and radius the profile had when listening started.
    public func listenToOpenRequests(
        _ onUpdate: @escaping @Sendable (Result<[Solicitud], WorkNowError>) -> Void
    ) async -> any ListenerRegistration {
        let me: Usuario
        let db: Firestore
        do {
            me = try await ownProfile()
            db = try self.db()
        } catch {
            onUpdate(.failure(error))
            return NoListener()
        }
        guard !me.trades.isEmpty else {
            onUpdate(.success([]))
            return NoListener()
        }
        let myUID = uid
        let view = OpenRequestsView(worker: myUID, location: me.location, radiusKm: me.radiusKm)
        return db.collection(Collections.requests)
            .whereField("categoria", in: me.trades)
            .whereField("status", isEqualTo: RequestStatus.open.rawValue)
            .order(by: "createdAt", descending: true)
            .addSnapshotListener { snapshot, error in
                switch Self.decode(snapshot, error, as: Solicitud.self) {
                case .success(let requests):
                    if let visible = view.update(requests) { onUpdate(.success(visible)) }
                case .failure(let error):
                    onUpdate(.failure(error))
                }
            }
    }

    /// Cancels the signed-in client's request (from `open` or `accepted`).
    /// - Throws: `requestNotFound`, `notTheClient`, `illegalTransition`.
    public func cancelRequest(_ id: String) async throws(WorkNowError) -> Solicitud {
        try await move(id, to: .cancelled)
    }

    /// Marks the signed-in client's accepted request as done; both parties may then rate.
    /// - Throws: `requestNotFound`, `notTheClient`, `illegalTransition`.
    public func completeRequest(_ id: String) async throws(WorkNowError) -> Solicitud {
        try await move(id, to: .done)
    }

    /// Moves request `id` to `status` in a transaction, after checking the client and the life cycle.
    func move(_ id: String, to status: RequestStatus) async throws(WorkNowError) -> Solicitud {
        let reference = try requestReference(id)
        let myUID = uid
        do {
            try await db().runTransaction { transaction in
                let snapshot = try transaction.getDocument(reference)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: id) }
                let current = try snapshot.decoded(as: Solicitud.self)
                guard current.client == myUID else { throw WorkNowError.notTheClient }
                guard current.status.canMove(to: status) else {
                    throw WorkNowError.illegalTransition(from: current.status, to: status)
                }
                transaction.updateData(["status": status.rawValue], forDocument: reference)
            }
        } catch {
            throw WorkNowError(error)
        }
        return try await request(id)
    }
}
