public import Hearth

/// A user's profile, `users/{uid}`: the same document for clients and workers.
public struct Usuario: Codable, Sendable, Equatable {
    /// The uid (the document id).
    @DocumentID public var id: String?
    /// First name; immutable after registration.
    public var nombre: String
    /// Surnames; immutable after registration.
    public var apellidos: String
    /// The account's email; immutable after registration.
    public var email: String
    /// Latitude as text, as the original stored it.
    public var latitude: String
    /// Longitude as text, as the original stored it.
    public var longitude: String
    /// The same position as a geopoint, for distance checks.
    public var location: GeoPoint
    /// Every trade with its `selected` flag (the original's shape).
    public var oficios: [OficioSeleccion]
    /// The selected trades' names, for `array-contains` queries.
    public var trades: [String]
    /// The user's usual radius in km (1–100): what their new requests use when the form gives none.
    public var radiusKm: Double
    /// The sum of the stars received.
    public var ratingSum: Double
    /// How many ratings were received.
    public var ratingCount: Int
    /// The phone number shown to the other party of a job in progress (screen 15); optional.
    public var telefono: String?
    /// The id of the last rating received (lets the rules check the counter update against it).
    public var lastRatingId: String?

    /// A new profile with zeroed rating counters.
    init(
        nombre: String, apellidos: String, email: String, latitude: String, longitude: String, location: GeoPoint,
        oficios: [OficioSeleccion], trades: [String], radiusKm: Double, ratingSum: Double, ratingCount: Int,
        telefono: String?
    ) {
        self.nombre = nombre
        self.apellidos = apellidos
        self.email = email
        self.latitude = latitude
        self.longitude = longitude
        self.location = location
        self.oficios = oficios
        self.trades = trades
        self.radiusKm = radiusKm
        self.ratingSum = ratingSum
        self.ratingCount = ratingCount
        self.telefono = telefono
    }

    /// The average rating, or nil before the first one.
    public var averageRating: Double? { ratingCount > 0 ? ratingSum / Double(ratingCount) : nil }

    /// Whether the user works in at least one trade (a professional, §2.1).
    public var isProfessional: Bool { !trades.isEmpty }

    /// The trades the user is subscribed to.
    public var subscribedTrades: Set<Oficio> { Set(trades.compactMap(Oficio.init(rawValue:))) }
}
