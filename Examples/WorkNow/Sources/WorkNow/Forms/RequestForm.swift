/// The "request a service" screen: trade, what is needed, where, and an optional maximum price.
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

    /// A form with these fields.
    public init(categoria: Oficio, descripcion: String, precioMax: Double? = nil, latitude: Double?, longitude: Double?)
    {
        self.categoria = categoria
        self.descripcion = descripcion
        self.precioMax = precioMax
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The form after its checks.
    struct Valid {
        let categoria: Oficio
        let descripcion: String
        let precioMax: Double?
        let location: GeoPointValue
    }

    /// Checks every field.
    /// - Throws: `invalidField` for a blank description, a missing location, or a maximum price
    ///   that is not a positive number.
    func validated() throws(WorkNowError) -> Valid {
        let descripcion = FieldCheck.trimmed(descripcion)
        guard !descripcion.isEmpty else { throw .invalidField(name: "descripcion", reason: "required") }
        if let precioMax, !(precioMax > 0 && precioMax.isFinite) {
            throw .invalidField(name: "precio_max", reason: "a positive amount")
        }
        return Valid(
            categoria: categoria, descripcion: descripcion, precioMax: precioMax,
            location: try FieldCheck.location(latitude: latitude, longitude: longitude))
    }
}
