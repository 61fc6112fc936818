/// A professional as the search lists them: profile, distance from the searcher and average rating.
public struct Profesional: Sendable, Equatable {
    /// The uid.
    public let uid: String
    /// The profile.
    public let usuario: Usuario
    /// Distance from the searcher, in km.
    public let distanceKm: Double
    /// Average rating, nil when never rated.
    public var averageRating: Double? { usuario.averageRating }
}

/// A professional's detail (screen 9): the profile, the comments of the ratings they received and
/// the average rating; from here the client contacts them (CU009) or hires them (CU008).
public struct ProfessionalDetail: Sendable, Equatable {
    /// The uid.
    public let uid: String
    /// The profile.
    public let usuario: Usuario
    /// The ratings received, comments included (RF008, shown on the profile).
    public let ratings: [Valoracion]
    /// Average rating, nil when never rated.
    public var averageRating: Double? { usuario.averageRating }
}
