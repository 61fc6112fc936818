import ExampleSupport
import Foundation
import Hearth

extension UserSession {
    /// Workers (CU012 / RF005): sends a proposal — a price or a price range, the duration and a
    /// message — for request `requestID`, stored at `requests/<id>/offers/<worker uid>` with the
    /// worker's place, so a worker has at most one offer per request. On a direct hire (CU008)
    /// only the hired professional may offer.
    /// - Throws: `invalidField` for a bad price, range or duration; `requestNotFound`;
    ///   `requestNotOpen`; `ownRequest`; `notSubscribed` when the worker does not offer the
    ///   request's trade; `priceAboveMaximum` (for a range, its top); `offerAlreadySent`.
    public func sendOffer(_ form: OfferForm, to requestID: String) async throws(WorkNowError) -> Oferta {
        let valid = try form.validated()
        let me = try await ownProfile()
        // Read first outside the transaction: a request the rules hide from this worker (taken by
        // someone else, or a direct hire of another professional) reads as not found.
        try Self.check(valid, from: uid, trades: me.trades, on: try await request(requestID))
        let requestRef = try requestReference(requestID)
        let offerRef = requestRef.collection(Collections.offers).document(uid)
        let myUID = uid
        return try await WorkNowError.mapping {
            try await db.runTransaction { transaction in
                let snapshot = try transaction.getDocument(requestRef)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: requestID) }
                let request = try snapshot.decoded(as: Solicitud.self)
                try Self.check(valid, from: myUID, trades: me.trades, on: request)
                guard try !transaction.getDocument(offerRef).exists else { throw WorkNowError.offerAlreadySent }
                transaction.setData(
                    [
                        "worker": myUID, "price": valid.price, "priceTo": valid.priceTo.map { $0 as Any } ?? NSNull(),
                        "duration": valid.duration, "message": valid.message, "location": me.location,
                        "createdAt": FieldValue.serverTimestamp(), "rejected": false,
                    ], forDocument: offerRef)
            }
            return try await offerRef.getDocument().decoded(as: Oferta.self)
        }
    }

    /// The app's checks of an offer against its request (the rules check the same).
    static func check(_ offer: OfferForm, from worker: String, trades: [String], on request: Solicitud)
        throws(WorkNowError)
    {
        guard request.status == .open else { throw .requestNotOpen(status: request.status) }
        guard request.client != worker else { throw .ownRequest }
        if let hired = request.worker {
            guard hired == worker else { throw .requestNotFound(id: request.requestID) }
        } else {
            guard trades.contains(request.categoria) else { throw .notSubscribed(trade: request.categoria) }
        }
        if let maximum = request.precio_max, offer.top > maximum {
            throw .priceAboveMaximum(price: offer.top, maximum: maximum)
        }
    }

    /// Clients: the offers on the client's request `requestID`, cheapest first. Workers may read
    /// only their own offer (`myOffer(on:)`); for anyone else the rules refuse the query.
    public func offers(on requestID: String) async throws(WorkNowError) -> [Oferta] {
        return try await WorkNowError.mapping {
            return try await offersQuery(requestID).getDocuments().decoded(as: Oferta.self)
        }
    }

    /// Clients (RF006 / CU004): the offers on request `requestID` as they arrive, cheapest first,
    /// live — each with the worker's place, a point on the client's map, and its `rejected` flag.
    public func liveOffers(on requestID: String) -> AsyncThrowingStream<[Oferta], any Error> {
        do {
            return try offersQuery(requestID).liveValues(as: Oferta.self, failing: WorkNowError.self)
        } catch {
            return .failed(error)
        }
    }

    /// `requests/<id>/offers` by price.
    private func offersQuery(_ requestID: String) throws(WorkNowError) -> Query {
        try requestReference(requestID).collection(Collections.offers).order(by: "price")
    }

    /// Workers: their own offer on `requestID`, or nil.
    public func myOffer(on requestID: String) async throws(WorkNowError) -> Oferta? {
        return try await WorkNowError.mapping {
            let snapshot = try await requestReference(requestID).collection(Collections.offers).document(uid)
                .getDocument()
            return snapshot.exists ? try snapshot.decoded(as: Oferta.self) : nil
        }
    }

    /// Clients (screen 6): turns down the offer of `worker` on the open request `requestID` by
    /// setting its `rejected` flag; a rejected offer cannot be accepted. Rejecting twice changes nothing.
    /// - Throws: `requestNotFound`, `notTheClient`, `requestNotOpen`, `offerNotFound`.
    @discardableResult
    public func rejectOffer(of worker: String, on requestID: String) async throws(WorkNowError) -> Oferta {
        guard FieldCheck.identifier(worker) else { throw .offerNotFound(worker: worker) }
        let requestRef = try requestReference(requestID)
        let offerRef = requestRef.collection(Collections.offers).document(worker)
        let myUID = uid
        return try await WorkNowError.mapping {
            try await db.runTransaction { transaction in
                _ = try Self.openRequest(requestRef, id: requestID, of: myUID, in: transaction)
                let offer = try transaction.getDocument(offerRef)
                guard offer.exists else { throw WorkNowError.offerNotFound(worker: worker) }
                guard try !offer.decoded(as: Oferta.self).rejected else { return }
                transaction.updateData(["rejected": true], forDocument: offerRef)
            }
            return try await offerRef.getDocument().decoded(as: Oferta.self)
        }
    }

    /// Clients (CU004, also CU013): accepts the offer of `worker` on request `requestID`, in one
    /// transaction that reads the request and the offer and moves the request `open → accepted`
    /// with `acceptedOffer = worker`. Of concurrent accepts on one request exactly one succeeds; the
    /// others retry, find the request accepted and throw `requestNotOpen(.accepted)`.
    /// - Throws: `requestNotFound`, `notTheClient`, `requestNotOpen`, `offerNotFound`, `offerRejected`.
    public func acceptOffer(of worker: String, on requestID: String) async throws(WorkNowError) -> Solicitud {
        guard FieldCheck.identifier(worker) else { throw .offerNotFound(worker: worker) }
        let requestRef = try requestReference(requestID)
        let offerRef = requestRef.collection(Collections.offers).document(worker)
        let myUID = uid
        try await WorkNowError.mapping {
            try await db.runTransaction { transaction in
                _ = try Self.openRequest(requestRef, id: requestID, of: myUID, in: transaction)
                let offer = try transaction.getDocument(offerRef)
                guard offer.exists else { throw WorkNowError.offerNotFound(worker: worker) }
                guard try !offer.decoded(as: Oferta.self).rejected else { throw WorkNowError.offerRejected(worker: worker) }
                transaction.updateData(
                    ["status": RequestStatus.accepted.rawValue, "acceptedOffer": worker], forDocument: requestRef)
            }
        }
        return try await request(requestID)
    }

    /// The request at `reference` read in `transaction`, checked to be open and `client`'s.
    /// - Throws: `requestNotFound`, `notTheClient`, `requestNotOpen`.
    static func openRequest(
        _ reference: DocumentReference, id: String, of client: String, in transaction: Transaction
    ) throws -> Solicitud {
        let snapshot = try transaction.getDocument(reference)
        guard snapshot.exists else { throw WorkNowError.requestNotFound(id: id) }
        let request = try snapshot.decoded(as: Solicitud.self)
        guard request.client == client else { throw WorkNowError.notTheClient }
        guard request.status == .open else { throw WorkNowError.requestNotOpen(status: request.status) }
        return request
    }
}
