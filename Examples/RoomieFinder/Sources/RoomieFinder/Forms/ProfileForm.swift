/// CU-02's profile form (and CU-14's, without the photo): every field is required.
public struct ProfileForm: Sendable, Equatable {
    /// Studies.
    public var estudios: String
    /// Works (true) or studies (false).
    public var trabaja: Bool
    /// University.
    public var universidad: String
    /// Languages spoken (at least one).
    public var idiomas: [Language]
    /// Sex; nil until chosen.
    public var sexo: Sex?
    /// Person type; nil until chosen.
    public var tipoPersona: PersonType?
    /// Atmosphere wanted; nil until chosen.
    public var ambiente: Atmosphere?
    /// Free-time text.
    public var tiempoLibre: String
    /// Smokes.
    public var fumar: Bool
    /// Likes parties.
    public var fiesta: Bool
    /// Self description.
    public var descripcion: String

    /// A form with every field given.
    public init(
        estudios: String, trabaja: Bool, universidad: String, idiomas: [Language], sexo: Sex?,
        tipoPersona: PersonType?, ambiente: Atmosphere?, tiempoLibre: String, fumar: Bool, fiesta: Bool,
        descripcion: String
    ) {
        self.estudios = estudios
        self.trabaja = trabaja
        self.universidad = universidad
        self.idiomas = idiomas
        self.sexo = sexo
        self.tipoPersona = tipoPersona
        self.ambiente = ambiente
        self.tiempoLibre = tiempoLibre
        self.fumar = fumar
        self.fiesta = fiesta
        self.descripcion = descripcion
    }

    /// The form pre-filled from a stored profile (CU-14 shows the current data).
    public init(editing profile: Perfil) {
        self.init(
            estudios: profile.estudios ?? "", trabaja: profile.trabaja ?? false, universidad: profile.universidad ?? "",
            idiomas: profile.idiomas ?? [], sexo: profile.sexo, tipoPersona: profile.tipoPersona,
            ambiente: profile.ambiente, tiempoLibre: profile.tiempoLibre ?? "", fumar: profile.fumar ?? false,
            fiesta: profile.fiesta ?? false, descripcion: profile.descripcion ?? "")
    }

    /// The profile fields to write, validated: trimmed texts, languages without duplicates in
    /// the order given, or the first missing field.
    func validatedFields() throws(RoomieFinderError) -> [String: Any] {
        var languages: [Language] = []
        for language in idiomas where !languages.contains(language) { languages.append(language) }
        guard !languages.isEmpty else { throw .invalidField(name: "idiomas", reason: "choose at least one language") }
        return [
            "estudios": try FieldCheck.required(estudios, "estudios"),
            "universidad": try FieldCheck.required(universidad, "universidad"),
            "idiomas": languages.map(\.rawValue),
            "sexo": try FieldCheck.chosen(sexo, "sexo").rawValue,
            "tipoPersona": try FieldCheck.chosen(tipoPersona, "tipoPersona").rawValue,
            "ambiente": try FieldCheck.chosen(ambiente, "ambiente").rawValue,
            "tiempoLibre": try FieldCheck.required(tiempoLibre, "tiempoLibre"),
            "descripcion": try FieldCheck.required(descripcion, "descripcion"),
            "trabaja": trabaja,
            "fumar": fumar,
            "fiesta": fiesta,
        ]
    }
}
