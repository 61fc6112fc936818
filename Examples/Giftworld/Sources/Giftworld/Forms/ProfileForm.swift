/// The "edit my profile" form (RF1.3 / CU-003): first name, last name and picture. The email is
/// the sign-in and stays as it was registered.
public struct ProfileForm: Sendable {
    /// First name.
    public var firstname: String
    /// Last name.
    public var lastname: String
    /// The profile picture's URL, `""` for none.
    public var imageURL: String

    /// A form with every field given.
    public init(firstname: String, lastname: String, imageURL: String = "") {
        self.firstname = firstname
        self.lastname = lastname
        self.imageURL = imageURL
    }

    /// The form filled with `user`'s card, to change only some of its fields.
    public init(_ user: User) {
        self.init(firstname: user.firstname, lastname: user.lastname, imageURL: user.imageURL)
    }

    /// The form trimmed and checked (names required, the picture empty or an http(s) link), or the
    /// first invalid field.
    func validated() throws(GiftworldError) -> ProfileForm {
        ProfileForm(
            firstname: try FieldCheck.required(firstname, "firstname"),
            lastname: try FieldCheck.required(lastname, "lastname"),
            imageURL: try FieldCheck.link(imageURL, "image_url"))
    }
}
