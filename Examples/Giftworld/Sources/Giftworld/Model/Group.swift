public import Hearth

/// A group of users who give each other gifts, `groups/{groupId}`.
public struct Group: Codable, Sendable, Equatable {
    /// The auto-generated document id.
    @DocumentID public var id: String?
    /// The group's name, e.g. `Boda de Ana y Luis`.
    public var name: String
    /// A picture's URL, `""` when there is none.
    public var imageURL: String
    /// The members' uids, the creator included.
    public var members: [String]
    /// The uid of the member who created it (the only one who may delete it).
    public var createdBy: String

    /// The stored field names.
    enum CodingKeys: String, CodingKey {
        case id, name, members, createdBy
        case imageURL = "image_url"
    }

    /// A new group from a validated form, created by `creator`.
    init(form: GroupForm, creator: String) {
        name = form.name
        imageURL = form.imageURL
        members = form.members
        createdBy = creator
    }
}
