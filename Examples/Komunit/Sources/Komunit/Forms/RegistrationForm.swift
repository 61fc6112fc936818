/// The sign-up form (RF0/CU01): name, email and the password twice (Figura 5.4), then user name and
/// preferred location, and the acceptance of the terms of use (CU01 step 4).
public struct RegistrationForm: Sendable {
    /// Full name.
    public var name: String
    /// User name shown to other members.
    public var username: String
    /// Email address (the account's unique key).
    public var email: String
    /// Password, at least 6 characters.
    public var password: String
    /// The password typed a second time; must equal `password`.
    public var repeatPassword: String
    /// Preferred location, latitude in degrees.
    public var latitude: Double
    /// Preferred location, longitude in degrees.
    public var longitude: Double
    /// Whether the user accepted the terms of use.
    public var acceptsTerms: Bool

    /// A form with every field given.
    public init(
        name: String, username: String, email: String, password: String, repeatPassword: String, latitude: Double,
        longitude: Double, acceptsTerms: Bool
    ) {
        self.name = name
        self.username = username
        self.email = email
        self.password = password
        self.repeatPassword = repeatPassword
        self.latitude = latitude
        self.longitude = longitude
        self.acceptsTerms = acceptsTerms
    }

    /// The minimum password length (Firebase Auth's).
    public static let minimumPasswordLength = 6

    /// The user document the form describes and the normalized email, or the first invalid field.
    func validated() throws(KomunitError) -> (user: Usuario, email: String) {
        let email = try FieldCheck.email(self.email)
        try FieldCheck.password(password)
        guard password == repeatPassword else { throw .passwordsDoNotMatch }
        let user = Usuario(
            name: try FieldCheck.required(name, "name"), username: try FieldCheck.required(username, "username"),
            email: email, preferredLocation: try FieldCheck.location(
                latitude: latitude, longitude: longitude, "preferredLocation"))
        guard acceptsTerms else { throw .termsNotAccepted }
        return (user, email)
    }
}
