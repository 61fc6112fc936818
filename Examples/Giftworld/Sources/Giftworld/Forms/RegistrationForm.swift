import ExampleSupport

/// The sign-up form (CU-001): first and last name, email, password, and an optional picture URL.
public struct RegistrationForm: Sendable {
    /// First name.
    public var firstname: String
    /// Last name.
    public var lastname: String
    /// Email address (the account's unique key).
    public var email: String
    /// Password, checked by `PasswordRule`.
    public var password: String
    /// The profile picture's URL, `""` for none (else an http(s) link, as `ProfileForm` checks).
    public var imageURL: String

    /// A form with every field given.
    public init(firstname: String, lastname: String, email: String, password: String, imageURL: String = "") {
        self.firstname = firstname
        self.lastname = lastname
        self.email = email
        self.password = password
        self.imageURL = imageURL
    }

    /// The form with names trimmed and the email normalized, or the first invalid field.
    func validated() throws(GiftworldError) -> RegistrationForm {
        let firstname = try FieldCheck.required(firstname, "firstname")
        let lastname = try FieldCheck.required(lastname, "lastname")
        guard let email = EmailAddress.normalized(try FieldCheck.required(email, "email")) else {
            throw .invalidField(name: "email", reason: "is not a valid email address")
        }
        guard PasswordRule.isValid(password) else { throw .weakPassword }
        return RegistrationForm(
            firstname: firstname, lastname: lastname, email: email, password: password,
            imageURL: try FieldCheck.link(imageURL, "image_url"))
    }
}
