/// The sign-up form (RF0/CU01): name, user name, email, password and preferred location.
public struct RegistrationForm: Sendable {
    /// Full name.
    public var name: String
    /// User name shown to other members.
    public var username: String
    /// Email address (the account's unique key).
    public var email: String
    /// Password, at least 6 characters.
    public var password: String
    /// Preferred location, latitude in degrees.
    public var latitude: Double
    /// Preferred location, longitude in degrees.
    public var longitude: Double

    /// A form with every field given.
    public init(name: String, username: String, email: String, password: String, latitude: Double, longitude: Double) {
        self.name = name
        self.username = username
        self.email = email
        self.password = password
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The minimum password length (Firebase Auth's).
    public static let minimumPasswordLength = 6

    /// The user document the form describes and the normalized email, or the first invalid field.
    func validated() throws(KomunitError) -> (user: Usuario, email: String) {
        let email = try FieldCheck.email(self.email)
        guard password.count >= Self.minimumPasswordLength else {
            throw .invalidField(
                name: "password", reason: "debe tener al menos \(Self.minimumPasswordLength) caracteres")
        }
        let user = Usuario(
            name: try FieldCheck.required(name, "name"), username: try FieldCheck.required(username, "username"),
            email: email, preferredLocation: try FieldCheck.location(
                latitude: latitude, longitude: longitude, "preferredLocation"))
        return (user, email)
    }
}
