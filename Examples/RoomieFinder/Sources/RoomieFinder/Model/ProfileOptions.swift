// The closed vocabularies of a profile, stored as the thesis's Spanish values.

/// `Perfiles.sexo`.
public enum Sex: String, Codable, Sendable, CaseIterable {
    /// `hombre`.
    case man = "hombre"
    /// `mujer`.
    case woman = "mujer"
}

/// `Perfiles.tipoPersona`: how the user sees themselves.
public enum PersonType: String, Codable, Sendable, CaseIterable {
    /// `activo`.
    case active = "activo"
    /// `tranquilo`.
    case calm = "tranquilo"
    /// `ambos`.
    case both = "ambos"
}

/// `Perfiles.ambiente`: the atmosphere the user wants at home.
public enum Atmosphere: String, Codable, Sendable, CaseIterable {
    /// `social`.
    case social = "social"
    /// `tranquilo`.
    case quiet = "tranquilo"
}

/// An entry of `Perfiles.idiomas` (the thesis writes them without accents, except `español`).
public enum Language: String, Codable, Sendable, CaseIterable, Comparable {
    /// `español`.
    case spanish = "español"
    /// `ingles`.
    case english = "ingles"
    /// `frances`.
    case french = "frances"
    /// `italiano`.
    case italian = "italiano"
    /// `portugues`.
    case portuguese = "portugues"
    /// `aleman`.
    case german = "aleman"

    /// Orders by stored value, so server-side choices are deterministic.
    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.rawValue < rhs.rawValue }
}
