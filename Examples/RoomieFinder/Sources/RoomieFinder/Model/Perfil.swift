public import Hearth

/// A user's profile, `Perfiles/{uid}` (thesis Table 5.1).
///
/// Registration (CU-01) writes `userID`, `nombre`, `apellido` and `fnac`; profile creation (CU-02)
/// adds the rest, so those fields are optional here until then.
public struct Perfil: Codable, Sendable, Equatable {
    /// The document id, which is the owner's uid.
    @DocumentID public var id: String?
    /// The owner's uid (kept as a field as well, as in the thesis).
    public var userID: String
    /// First name.
    public var nombre: String
    /// Surname.
    public var apellido: String
    /// Date of birth, `yyyy-MM-dd`.
    public var fnac: String
    /// Studies.
    public var estudios: String?
    /// Works (true) or studies (false).
    public var trabaja: Bool?
    /// University.
    public var universidad: String?
    /// Languages spoken.
    public var idiomas: [Language]?
    /// `hombre` / `mujer`.
    public var sexo: Sex?
    /// `activo` / `tranquilo` / `ambos`.
    public var tipoPersona: PersonType?
    /// The atmosphere wanted at home.
    public var ambiente: Atmosphere?
    /// What the user does in their free time.
    public var tiempoLibre: String?
    /// Smokes.
    public var fumar: Bool?
    /// Likes parties.
    public var fiesta: Bool?
    /// Self description.
    public var descripcion: String?
    /// Storage path of the profile photo, e.g. `images/<uid>.jpg`.
    public var urlImage: String?

    /// Whether CU-02 has filled in every profile field.
    public var isComplete: Bool {
        estudios != nil && trabaja != nil && universidad != nil && !(idiomas ?? []).isEmpty && sexo != nil
            && tipoPersona != nil && ambiente != nil && tiempoLibre != nil && fumar != nil && fiesta != nil
            && descripcion != nil && urlImage != nil
    }

    /// `nombre apellido`.
    public var fullName: String { nombre + " " + apellido }

    /// The profile registration writes: the four fields of the sign-up form.
    init(registering uid: String, nombre: String, apellido: String, fnac: String) {
        self.userID = uid
        self.nombre = nombre
        self.apellido = apellido
        self.fnac = fnac
    }
}
