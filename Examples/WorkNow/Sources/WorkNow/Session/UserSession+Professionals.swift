import Hearth

extension UserSession {
    /// Lists the professionals of `trade` within `radiusKm` (1–100) of the signed-in user, best
    /// average rating first (unrated last, then nearest first). The query is `trades array-contains
    /// trade`; distance and average are computed from `location`, `ratingSum` and `ratingCount`.
    /// - Throws: `invalidRadius`.
    public func professionals(of trade: Oficio, withinKm radiusKm: Double) async throws(WorkNowError)
        -> [Profesional]
    {
        let radius = try FieldCheck.radius(radiusKm)
        let me = try await ownProfile()
        let found: [Usuario] = try await WorkNowError.mapping {
            try await db.collection(Collections.users)
                .whereField("trades", arrayContains: trade.rawValue)
                .getDocuments().decoded(as: Usuario.self)
        }
        return found.compactMap { user -> Profesional? in
            guard let id = user.id, id != uid else { return nil }
            let distance = Distance.km(me.location, user.location)
            return distance <= radius ? Profesional(uid: id, usuario: user, distanceKm: distance) : nil
        }
        .sorted(by: Self.ranking)
    }

    /// The professional's detail (screen 9): profile, the ratings received with their comments,
    /// and the average; the screen's buttons are `contact(_:)` (CU009) and `hire(_:for:)` (CU008).
    /// - Throws: `profileNotFound`; `notAProfessional` for a user who offers no trade.
    public func professionalDetail(of uid: String) async throws(WorkNowError) -> ProfessionalDetail {
        let usuario = try await profile(of: uid)
        guard usuario.isProfessional else { throw .notAProfessional(uid: uid) }
        return ProfessionalDetail(uid: uid, usuario: usuario, ratings: try await ratings(of: uid))
    }

    /// Best average first; unrated after rated; then nearest, then uid.
    static func ranking(_ a: Profesional, _ b: Profesional) -> Bool {
        switch (a.averageRating, b.averageRating) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.distanceKm != b.distanceKm ? a.distanceKm < b.distanceKm : a.uid < b.uid
        }
    }
}
