/// The "request a service" screen (screen 5): trade, what is needed, where, an optional maximum
/// price, and the radius within which to find workers.
public struct RequestForm: Sendable, Equatable {
    /// The trade.
    public var categoria: Oficio
    /// What is needed (required).
    public var descripcion: String
    /// The most the client will pay (nil: no limit).
    public var precioMax: Double?
    /// Latitude of the job (required).
    public var latitude: Double?
    /// Longitude of the job (required).
    public var longitude: Double?
    /// How far from the job, in km (1–100), to look for workers; nil: the client's usual radius
    /// (their profile's `radiusKm`).
    public var radiusKm: Double?

    /// A form with these fields.
    public init(
        categoria: Oficio, descripcion: String, precioMax: Double? = nil, latitude: Double?, longitude: Double?,
        radiusKm: Double? = nil
    ) {
        self.categoria = categoria
        self.descripcion = descripcion
        self.precioMax = precioMax
        self.latitude = latitude
        self.longitude = longitude
        self.radiusKm = radiusKm
    }

    /// The form after its checks.
    struct Valid {
        let categoria: Oficio
        let descripcion: String
        let precioMax: Double?
        let location: GeoPointValue
        let radiusKm: Double?
    }

    /// Checks every field.
    /// - Throws: `invalidField` for a blank description, a missing location, or a maximum price
    ///   that is not a positive number; `invalidRadius` for a radius outside 1–100 km.
    func validated() throws(WorkNowError) -> Valid {
        let descripcion = FieldCheck.trimmed(descripcion)
        guard !descripcion.isEmpty else { throw .invalidField(name: "descripcion", reason: "required") }
        if let precioMax, !(precioMax > 0 && precioMax.isFinite) {
            throw .invalidField(name: "precio_max", reason: "a positive amount")
        }
        let location = try FieldCheck.location(latitude: latitude, longitude: longitude)
        var radius: Double?
        if let radiusKm { radius = try FieldCheck.radius(radiusKm) }
        return Valid(
            categoria: categoria, descripcion: descripcion, precioMax: precioMax, location: location, radiusKm: radius)
    }
}
