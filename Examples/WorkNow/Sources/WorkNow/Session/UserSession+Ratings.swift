import Hearth

extension UserSession {
    /// RF008: rates the other party of the done and paid job of request `requestID` with `stars`
    /// (1.0–5.0, fractions allowed). One
    /// transaction writes `ratings/<requestId>_<rater uid>` and adds to the ratee's `ratingSum`
    /// and `ratingCount` with `increment`, so concurrent ratings of one worker lose nothing.
    /// - Throws: `invalidStars`; `requestNotFound`; `jobNotDone`; `jobNotPaid`; `notAParty`; `alreadyRated`.
    @discardableResult
    public func rate(job requestID: String, stars: Double, comment: String = "") async throws(WorkNowError)
        -> Valoracion
    {
        guard stars >= 1, stars <= 5 else { throw .invalidStars(stars) }
        let requestRef = try requestReference(requestID)
        let ratingID = Collections.ratingID(request: requestID, rater: uid)
        let myUID = uid
        do {
            let ratingRef = db.collection(Collections.ratings).document(ratingID)
            return try await db.runTransaction { transaction in
                let snapshot = try transaction.getDocument(requestRef)
                guard snapshot.exists else { throw WorkNowError.requestNotFound(id: requestID) }
                let request = try snapshot.decoded(as: Solicitud.self)
                let ratee = try Self.otherParty(of: request, for: myUID)
                guard request.status == .done else { throw WorkNowError.jobNotDone }
                guard request.paidAt != nil else { throw WorkNowError.jobNotPaid }
                guard try !transaction.getDocument(ratingRef).exists else { throw WorkNowError.alreadyRated }
                let rating = Valoracion(
                    requestId: requestID, rater: myUID, ratee: ratee, stars: stars, comment: FieldCheck.trimmed(comment)
                )
                transaction.setData(from: rating, forDocument: ratingRef)
                transaction.updateData(
                    [
                        "ratingSum": FieldValue.increment(stars), "ratingCount": FieldValue.increment(Int64(1)),
                        "lastRatingId": ratingID,
                    ], forDocument: db.collection(Collections.users).document(ratee))
                return rating
            }
        } catch {
            throw WorkNowError.mapped(error)
        }
    }

    /// The ratings `uid` received (screens 9 and 12: the comments on their profile).
    public func ratings(of uid: String) async throws(WorkNowError) -> [Valoracion] {
        guard FieldCheck.identifier(uid) else { throw .profileNotFound(uid: uid) }
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.ratings).whereField("ratee", isEqualTo: uid)
                .getDocuments().decoded(as: Valoracion.self)
        }
    }

    /// The ratings given for the job of request `requestID` (at most one per party).
    func ratings(forJob requestID: String) async throws(WorkNowError) -> [Valoracion] {
        return try await WorkNowError.mapping {
            return try await db.collection(Collections.ratings).whereField("requestId", isEqualTo: requestID)
                .getDocuments().decoded(as: Valoracion.self)
        }
    }

    /// The party of `request`'s job who is not `uid`.
    /// - Throws: `notAParty` when `uid` is neither the client nor the accepted worker.
    static func otherParty(of request: Solicitud, for uid: String) throws(WorkNowError) -> String {
        guard let worker = request.acceptedOffer else { throw .notAParty }
        if request.client == uid { return worker }
        if worker == uid { return request.client }
        throw .notAParty
    }
}
