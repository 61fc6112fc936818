extension UserSession {
    /// CU-05: every ad except the user's own (`userID != me`), newest first, each with its
    /// publisher's profile. Ads whose publisher has no profile any more are left out.
    public func listAds() async throws(RoomieFinderError) -> [AdListing] {
        try await searchAds(AdFilter()).listings
    }

    /// CU-06: the ads that pass `filter`, with the conditions the store evaluated and those
    /// evaluated in memory (see `AdSearch` for why each is where it is).
    /// - Throws: `invalidFilters` ("Error en filtros") when a category has every option ticked.
    public func searchAds(_ filter: AdFilter) async throws(RoomieFinderError) -> AdSearchResult {
        try filter.validate()
        var search = AdSearch(db: db, uid: uid, filter: filter)
        return try await RoomieFinderError.mapping {
            return try await search.run()
        }
    }

    /// CU-08: the profile of the user who published the ad `adID`.
    /// - Throws: `adNotFound`; `profileNotFound`.
    public func publisher(ofAd adID: String) async throws(RoomieFinderError) -> Perfil {
        try await profile(of: try await ad(adID).userID)
    }
}
