import Hearth

/// Runs one CU-06 search. Firestore has no joins, and the filters concern two collections
/// (`Perfiles` for the publisher, `Anuncios` for the ad), so the search is three queries joined
/// here, with every condition pushed into a query where Firestore can evaluate it:
///
/// - server-side: the profile equalities (`sexo`, `fumar`, `fiesta`, `trabaja`, `ambiente`), one
///   `array-contains` language (a query allows only one), the publishers' uids as `userID in […]`
///   when there are at most 30 of them (else `userID != me`), and `Favoritos.currentUser == me`;
/// - in memory: the other languages, the flat (a missing `num_hab` cannot be queried), the budget
///   (`presupuesto` is a string, so the store would compare it as text: "1000" < "300"), the
///   favourites intersection (another collection), and the newest-first order (a `!=` query must
///   order by `userID` first).
struct AdSearch {
    /// Firestore's limit on the values of an `in` filter.
    static let inFilterLimit = 30

    /// The user's handle (queries run under the rules).
    let db: Firestore
    /// The searching user.
    let uid: String
    /// What to keep.
    let filter: AdFilter
    /// Conditions given to the store so far, for the result.
    private(set) var serverSide: [String] = []
    /// Conditions applied here so far, for the result.
    private(set) var inMemory: [String] = []

    /// A search by `uid` with `filter`.
    init(db: Firestore, uid: String, filter: AdFilter) {
        self.db = db
        self.uid = uid
        self.filter = filter
    }

    /// Runs the queries and the in-memory steps.
    mutating func run() async throws -> AdSearchResult {
        let favorites = try await favoriteAdIDs()
        var publishers: [String: Perfil]? = nil
        if filter.filtersProfiles {
            let matching = try await matchingPublishers()
            guard !matching.isEmpty else { return result([]) }
            publishers = matching
        }
        var ads = try await candidateAds(publishers: publishers.map { Array($0.keys) })
        let profiles: [String: Perfil]
        if let publishers {
            profiles = publishers
        } else {
            profiles = try await profilesOf(Set(ads.map(\.userID)))
        }
        ads = keepByAd(ads, favorites: favorites)
        let listings = ads.compactMap { ad -> AdListing? in
            guard let publisher = profiles[ad.userID], let id = ad.id else { return nil }
            return AdListing(anuncio: ad, publisher: publisher, isFavorite: favorites.contains(id))
        }
        return result(listings)
    }

    private func result(_ listings: [AdListing]) -> AdSearchResult {
        AdSearchResult(listings: listings, serverSide: serverSide, inMemory: inMemory)
    }

    /// The ids of the ads the user marked (`Favoritos.currentUser == me`, server-side).
    private mutating func favoriteAdIDs() async throws -> Set<String> {
        let snapshot = try await db.collection(Collections.favorites).whereField("currentUser", isEqualTo: uid)
            .getDocuments()
        if filter.favoritesOnly { serverSide.append("Favoritos.currentUser == me") }
        return Set(try snapshot.decoded(as: Favorito.self).map(\.anuncioID))
    }

    /// The profiles (other than the user's) that pass every publisher filter, by uid.
    private mutating func matchingPublishers() async throws -> [String: Perfil] {
        var query: Query = db.collection(Collections.profiles)
        func equal(_ field: String, _ value: Any, _ shown: String) {
            query = query.whereField(field, isEqualTo: value)
            serverSide.append("Perfiles.\(field) == \(shown)")
        }
        if filter.sexes.count == 1, let sex = filter.sexes.first { equal("sexo", sex.rawValue, "\"\(sex.rawValue)\"") }
        if filter.smoking.count == 1, let value = filter.smoking.first { equal("fumar", value, "\(value)") }
        if filter.partying.count == 1, let value = filter.partying.first { equal("fiesta", value, "\(value)") }
        if filter.working.count == 1, let value = filter.working.first { equal("trabaja", value, "\(value)") }
        if filter.atmospheres.count == 1, let value = filter.atmospheres.first {
            equal("ambiente", value.rawValue, "\"\(value.rawValue)\"")
        }
        let languages = filter.languages.sorted()
        if let first = languages.first {
            query = query.whereField("idiomas", arrayContains: first.rawValue)
            serverSide.append("Perfiles.idiomas array-contains \"\(first.rawValue)\"")
        }
        let others = languages.dropFirst()
        for language in others { inMemory.append("Perfiles.idiomas contains \"\(language.rawValue)\"") }
        let profiles = try await query.getDocuments().decoded(as: Perfil.self)
        var matching: [String: Perfil] = [:]
        for profile in profiles where profile.userID != uid {
            let spoken = Set(profile.idiomas ?? [])
            if others.allSatisfy(spoken.contains) { matching[profile.userID] = profile }
        }
        return matching
    }

    /// The ads of `publishers` (or of everyone but the user when nil), server-side as far as
    /// Firestore allows.
    private mutating func candidateAds(publishers: [String]?) async throws -> [Anuncio] {
        let ads = db.collection(Collections.ads)
        if let publishers, publishers.count <= Self.inFilterLimit {
            serverSide.append("Anuncios.userID in [\(publishers.count) matching publishers]")
            return try await ads.whereField("userID", in: publishers.sorted()).getDocuments().decoded(as: Anuncio.self)
        }
        serverSide.append("Anuncios.userID != me")
        let all = try await ads.whereField("userID", isNotEqualTo: uid).getDocuments().decoded(as: Anuncio.self)
        guard let publishers else { return all }
        inMemory.append("Anuncios.userID is one of \(publishers.count) matching publishers (over the `in` limit)")
        let wanted = Set(publishers)
        return all.filter { wanted.contains($0.userID) }
    }

    /// The ad-level conditions, applied in memory, then newest first.
    private mutating func keepByAd(_ ads: [Anuncio], favorites: Set<String>) -> [Anuncio] {
        var kept = ads
        if filter.flat.count == 1, let withFlat = filter.flat.first {
            inMemory.append(withFlat ? "Anuncios.num_hab is set" : "Anuncios.num_hab is absent or null")
            kept = kept.filter { $0.hasFlat == withFlat }
        }
        if filter.maxBudget > 0 {
            inMemory.append("Anuncios.presupuesto <= \(filter.maxBudget) (parsed as a number)")
            kept = kept.filter { ($0.budget ?? Int.max) <= filter.maxBudget }
        }
        if filter.favoritesOnly {
            inMemory.append("Anuncios id is one of the user's favourites")
            kept = kept.filter { $0.id.map(favorites.contains) ?? false }
        }
        inMemory.append("order by Anuncios.creadoEn, newest first")
        return kept.sorted(by: Self.newestFirst)
    }

    /// True when `lhs` was published after `rhs` (an ad without a timestamp sorts last).
    static func newestFirst(_ lhs: Anuncio, _ rhs: Anuncio) -> Bool {
        switch (lhs.creadoEn, rhs.creadoEn) {
        case (let left?, let right?): left > right
        case (.some, .none): true
        default: false
        }
    }

    /// The profiles of `uids`, fetched 30 at a time with `userID in […]`.
    private func profilesOf(_ uids: Set<String>) async throws -> [String: Perfil] {
        var profiles: [String: Perfil] = [:]
        let sorted = uids.sorted()
        for start in stride(from: 0, to: sorted.count, by: Self.inFilterLimit) {
            let chunk = Array(sorted[start..<min(start + Self.inFilterLimit, sorted.count)])
            let snapshot = try await db.collection(Collections.profiles).whereField("userID", in: chunk).getDocuments()
            for profile in try snapshot.decoded(as: Perfil.self) { profiles[profile.userID] = profile }
        }
        return profiles
    }
}
