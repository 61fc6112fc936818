/// The collection names of the data model (the thesis names none; these are Hearth's, see the
/// README) and the paths built from them.
public enum Collections {
    /// `users/{uid}`.
    public static let users = "users"
    /// `groups/{groupId}`.
    public static let groups = "groups"
    /// `memberships/{groupId}_{uid}`.
    public static let memberships = "memberships"
    /// `groups/{groupId}/messages/{autoId}`.
    public static let messages = "messages"
    /// `groups/{groupId}/events/{eventId}`.
    public static let events = "events"
    /// `groups/{groupId}/events/{eventId}/attendances/{uid}`.
    public static let attendances = "attendances"
    /// `reports/{autoId}`.
    public static let reports = "reports"

    /// The id of the membership of `uid` in `groupId`.
    public static func membershipID(group groupId: String, user uid: String) -> String { "\(groupId)_\(uid)" }

    /// `groups/<groupId>/messages`.
    static func messages(of groupId: String) -> String { "\(groups)/\(groupId)/\(messages)" }

    /// `groups/<groupId>/events`.
    static func events(of groupId: String) -> String { "\(groups)/\(groupId)/\(events)" }

    /// `groups/<groupId>/events/<eventId>/attendances`.
    static func attendances(of groupId: String, event eventId: String) -> String {
        "\(events(of: groupId))/\(eventId)/\(attendances)"
    }
}
