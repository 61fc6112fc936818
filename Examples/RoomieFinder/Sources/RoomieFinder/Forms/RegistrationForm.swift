/// CU-01's sign-up form: name, surname, date of birth, email and password, all required.
public struct RegistrationForm: Sendable {
    /// First name.
    public var nombre: String
    /// Surname.
    public var apellido: String
    /// Date of birth, `yyyy-MM-dd`.
    public var fnac: String
    /// Email address (the account's unique key).
    public var email: String
    /// Password, at least 6 characters.
    public var password: String

    /// A form with every field given.
    public init(nombre: String, apellido: String, fnac: String, email: String, password: String) {
        self.nombre = nombre
        self.apellido = apellido
        self.fnac = fnac
        self.email = email
        self.password = password
    }

    /// The minimum password length (Firebase Auth's).
    public static let minimumPasswordLength = 6

    /// The form with names trimmed and the email normalized, or the first invalid field.
    func validated() throws(RoomieFinderError) -> RegistrationForm {
        let email = try FieldCheck.email(self.email)
        guard password.count >= Self.minimumPasswordLength else {
            throw .invalidField(name: "password", reason: "must have at least \(Self.minimumPasswordLength) characters")
        }
        return RegistrationForm(
            nombre: try FieldCheck.required(nombre, "nombre"), apellido: try FieldCheck.required(apellido, "apellido"),
            fnac: try FieldCheck.birthDate(fnac), email: email, password: password)
    }
}
