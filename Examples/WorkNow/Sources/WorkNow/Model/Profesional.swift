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
