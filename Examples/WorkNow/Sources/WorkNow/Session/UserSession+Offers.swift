import Hearth

extension UserSession {
    /// Workers: sends an offer for request `requestID`, stored at `requests/<id>/offers/<worker uid>`
    /// so a worker has at most one offer per request.
    /// - Throws: `invalidField` for a bad price or duration; `requestNotFound`; `requestNotOpen`;
    ///   `ownRequest`; `notSubscribed` when the worker does not offer the request's trade;
    ///   `priceAboveMaximum`; `offerAlreadySent`.
    public func sendOffer(_ form: OfferForm, to requestID: String) async throws(WorkNowError) -> Oferta {
        let valid = try form.validated()
        let me = try await ownProfile()
        // Read first outside the transaction: a request the rules hide from this worker (taken by
        // someone else) reads as not found rather than as a refusal.
        try Self.check(valid, from: uid, trades: me.trades, on: try await request(requestID))
        let requestRef = try requestReference(requestID)
        let offerRef = requestRef.collection(Collections.offers).document(uid)
        let myUID = uid
        do {
            try await db().runTransaction { transaction in
                let snapshot = try transaction.getDocument(requestRef)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: requestID) }
                let request = try snapshot.decoded(as: Solicitud.self)
                try Self.check(valid, from: myUID, trades: me.trades, on: request)
                guard try !transaction.getDocument(offerRef).exists else { throw WorkNowError.offerAlreadySent }
                transaction.setData(
                    [
                        "worker": myUID, "price": valid.price, "duration": valid.duration, "message": valid.message,
                        "createdAt": FieldValue.serverTimestamp(),
                    ], forDocument: offerRef)
            }
            return try await offerRef.getDocument().decoded(as: Oferta.self)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// The app's checks of an offer against its request (the rules check the same).
    static func check(_ offer: OfferForm, from worker: String, trades: [String], on request: Solicitud)
        throws(WorkNowError)
    {
        guard request.status == .open else { throw .requestNotOpen(status: request.status) }
        guard request.client != worker else { throw .ownRequest }
        guard trades.contains(request.categoria) else { throw .notSubscribed(trade: request.categoria) }
        if let maximum = request.precio_max, offer.price > maximum {
            throw .priceAboveMaximum(price: offer.price, maximum: maximum)
        }
    }

    /// Clients: the offers on the client's request `requestID`, cheapest first. Workers may read
    /// only their own offer (`myOffer(on:)`); for anyone else the rules refuse the query.
    public func offers(on requestID: String) async throws(WorkNowError) -> [Oferta] {
        do {
            return try await requestReference(requestID).collection(Collections.offers)
                .order(by: "price")
                .getDocuments().decoded(as: Oferta.self)
        } catch {
            throw WorkNowError(error)
        }
    }

    /// Workers: their own offer on `requestID`, or nil.
    public func myOffer(on requestID: String) async throws(WorkNowError) -> Oferta? {
        do {
            let snapshot = try await requestReference(requestID).collection(Collections.offers).document(uid)
                .getDocument()
            return snapshot.exists ? try snapshot.decoded(as: Oferta.self) : nil
        } catch {
            throw WorkNowError(error)
        }
    }

    /// Clients: accepts the offer of `worker` on request `requestID`, in one transaction that
    /// reads the request and the offer and moves the request `open → accepted` with
    /// `acceptedOffer = worker`. Of concurrent accepts on one request exactly one succeeds; the
    /// others retry, find the request accepted and throw `requestNotOpen(.accepted)`.
    /// - Throws: `requestNotFound`, `notTheClient`, `requestNotOpen`, `offerNotFound`.
    public func acceptOffer(of worker: String, on requestID: String) async throws(WorkNowError) -> Solicitud {
        guard FieldCheck.identifier(worker) else { throw .offerNotFound(worker: worker) }
        let requestRef = try requestReference(requestID)
        let offerRef = requestRef.collection(Collections.offers).document(worker)
        let myUID = uid
        do {
            try await db().runTransaction { transaction in
                let snapshot = try transaction.getDocument(requestRef)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: requestID) }
                let request = try snapshot.decoded(as: Solicitud.self)
                guard request.client == myUID else { throw WorkNowError.notTheClient }
                guard request.status == .open else { throw WorkNowError.requestNotOpen(status: request.status) }
                guard try transaction.getDocument(offerRef).exists else {
                    throw WorkNowError.offerNotFound(worker: worker)
                }
                transaction.updateData(
                    ["status": RequestStatus.accepted.rawValue, "acceptedOffer": worker], forDocument: requestRef)
            }
        } catch {
            throw WorkNowError(error)
        }
        return try await request(requestID)
    }
}
