/// One ad in the search list (CU-05): the ad, its publisher's profile, and whether the user
/// marked it as favourite.
public struct AdListing: Sendable, Equatable {
    /// The ad.
    public let anuncio: Anuncio
    /// The publisher's profile.
    public let publisher: Perfil
    /// Whether the signed-in user marked it as favourite.
    public let isFavorite: Bool
}

/// What CU-06 returned, and where each condition was evaluated.
public struct AdSearchResult: Sendable {
    /// The ads kept, newest first.
    public let listings: [AdListing]
    /// The conditions the store evaluated (query filters), e.g. `Perfiles.sexo == "mujer"`.
    public let serverSide: [String]
    /// The conditions evaluated here on the documents the queries returned, e.g. `presupuesto <= 350`.
    public let inMemory: [String]
}
