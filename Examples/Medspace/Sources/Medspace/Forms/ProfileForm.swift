/// UC19's profile form: user name and full name.
public struct ProfileForm: Sendable, Equatable {
    /// The new user name.
    public var username: String
    /// The new full name.
    public var fullname: String

    /// A form with both fields.
    public init(username: String, fullname: String) {
        self.username = username
        self.fullname = fullname
    }

    /// The form trimmed, or the first problem.
    func validated() throws(MedspaceError) -> ProfileForm {
        ProfileForm(username: try FieldCheck.username(username), fullname: try FieldCheck.required(fullname, "fullname"))
    }
}
