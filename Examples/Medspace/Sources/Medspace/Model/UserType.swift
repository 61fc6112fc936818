/// What kind of user an account is (`Users/{uid}.type`).
public enum UserType: String, Sendable, Codable {
    /// A physician: publishes cases, discussions and research articles.
    case doctor = "Doctor"
    /// The single administrator: publishes news, cannot delete their account.
    case admin = "Admin"
}
