public import Hearth

/// A user's card, `users/{uid}`: seen by every signed-in user, edited only by its owner.
public struct User: Codable, Sendable, Equatable {
    /// The uid (the document id).
    @DocumentID public var id: String?
    /// First name.
    public var firstname: String
    /// Last name.
    public var lastname: String
    /// The email the user signed up with.
    public var email: String
    /// The profile picture's URL, `""` when there is none.
    public var imageURL: String

    /// The stored field names (`image_url` keeps the thesis's spelling).
    enum CodingKeys: String, CodingKey {
        case id, firstname, lastname, email
        case imageURL = "image_url"
    }

    /// `Ana García`.
    public var fullName: String { "\(firstname) \(lastname)" }

    /// A new card from a validated registration form.
    init(registering form: RegistrationForm) {
        firstname = form.firstname
        lastname = form.lastname
        email = form.email
        imageURL = form.imageURL
    }
}
