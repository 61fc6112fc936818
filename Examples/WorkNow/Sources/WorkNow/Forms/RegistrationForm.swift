/// The sign-up screen (screen 2): name, surnames, email, password, where the user is, their usual
/// radius, an optional phone number, and the trades they offer (none for a client only).
public struct RegistrationForm: Sendable, Equatable {
    /// First name.
    public var nombre: String
    /// Surnames.
    public var apellidos: String
    /// Email address.
    public var email: String
    /// Password, at least 8 characters.
    public var password: String
    /// Latitude of the user's place.
    public var latitude: Double?
    /// Longitude of the user's place.
    public var longitude: Double?
    /// Trades offered.
    public var oficios: Set<Oficio>
    /// The user's usual radius, 1–100 km (the default of their requests).
    public var radiusKm: Double
    /// A phone number for the other party of a job (optional; screen 15).
    public var telefono: String?

    /// A form with these fields.
    public init(
        nombre: String, apellidos: String, email: String, password: String, latitude: Double?, longitude: Double?,
        oficios: Set<Oficio> = [], radiusKm: Double = 10, telefono: String? = nil
    ) {
        self.nombre = nombre
        self.apellidos = apellidos
        self.email = email
        self.password = password
        self.latitude = latitude
        self.longitude = longitude
        self.oficios = oficios
        self.radiusKm = radiusKm
        self.telefono = telefono
    }

    /// The form after its checks.
    struct Valid {
        let nombre: String
        let apellidos: String
        let email: String
        let password: String
        let location: GeoPointValue
        let oficios: Set<Oficio>
        let radiusKm: Double
        let telefono: String?
    }

    /// Checks every field.
    /// - Throws: `invalidField` for an empty name or surname, a malformed email, a missing
    ///   location or a malformed phone number; `passwordTooShort`; `invalidRadius`.
    func validated() throws(WorkNowError) -> Valid {
        let nombre = FieldCheck.trimmed(nombre)
        let apellidos = FieldCheck.trimmed(apellidos)
        guard !nombre.isEmpty else { throw .invalidField(name: "nombre", reason: "required") }
        guard !apellidos.isEmpty else { throw .invalidField(name: "apellidos", reason: "required") }
        let email = try FieldCheck.email(email)
        let password = try FieldCheck.password(password)
        return Valid(
            nombre: nombre, apellidos: apellidos, email: email, password: password,
            location: try FieldCheck.location(latitude: latitude, longitude: longitude), oficios: oficios,
            radiusKm: try FieldCheck.radius(radiusKm), telefono: try telefono.flatMap(FieldCheck.phone))
    }
}
