/// The "new group" form (CU-005): a name, an optional picture, and the members chosen among the
/// registered users (the creator joins automatically).
public struct GroupForm: Sendable {
    /// The group's name.
    public var name: String
    /// A picture's URL; may be empty.
    public var imageURL: String
    /// The chosen members' uids.
    public var members: [String]

    /// A form with every field given.
    public init(name: String, imageURL: String = "", members: [String]) {
        self.name = name
        self.imageURL = imageURL
        self.members = members
    }

    /// The most members a group may have (the rules hold the same bound).
    public static let maximumMembers = 50

    /// The form trimmed, with `creator` first among the members and duplicates removed.
    func validated(creator: String) throws(GiftworldError) -> GroupForm {
        let name = try FieldCheck.required(name, "name")
        var members = [creator]
        for member in self.members where !members.contains(member) {
            guard FieldCheck.identifier(member) else { throw .invalidField(name: "members", reason: "not a user id") }
            members.append(member)
        }
        guard members.count >= 2 else { throw .invalidField(name: "members", reason: "choose at least one member") }
        guard members.count <= Self.maximumMembers else {
            throw .invalidField(name: "members", reason: "at most \(Self.maximumMembers) members")
        }
        return GroupForm(name: name, imageURL: FieldCheck.optional(imageURL), members: members)
    }
}
