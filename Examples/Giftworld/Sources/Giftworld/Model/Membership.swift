/// `memberships/{uid}`: the ids of the groups a user belongs to. The rules read it to decide who
/// shares a group with whom; only the membership trigger (trusted code) writes it.
struct Membership: Codable, Sendable {
    /// Group ids.
    var groups: [String]
}
