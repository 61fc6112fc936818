/// UC1's sign-up form: user name, full name, email and the password typed twice.
public struct RegistrationForm: Sendable {
    /// The unique user name.
    public var username: String
    /// The full name.
    public var fullname: String
    /// The email address (the account's key).
    public var email: String
    /// The password.
    public var password: String
    /// The password again.
    public var repeatPassword: String

    /// A form with every field given.
    public init(username: String, fullname: String, email: String, password: String, repeatPassword: String) {
        self.username = username
        self.fullname = fullname
        self.email = email
        self.password = password
        self.repeatPassword = repeatPassword
    }

    /// The form trimmed and normalized, or the first problem in the thesis's order.
    func validated() throws(MedspaceError) -> RegistrationForm {
        let username = try FieldCheck.username(username)
        let fullname = try FieldCheck.required(fullname, "fullname")
        let email = try FieldCheck.email(email)
        let password = try FieldCheck.password(password)
        guard password == repeatPassword else { throw .passwordsDoNotMatch }
        return RegistrationForm(
            username: username, fullname: fullname, email: email, password: password, repeatPassword: password)
    }
}
