public import Hearth

/// A user's report of inappropriate content (§6.2.2; the thesis's "reporte de contenido"),
/// `reports/{autoId}`. Written by the app, read only by the human reviewers outside it (no client
/// may read, change or delete a report).
public struct Reporte: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// Who filed it (the signed-in user).
    public var reporterId: String
    /// The path of the reported document: `groups/<g>`, `groups/<g>/messages/<m>` or `groups/<g>/events/<e>`.
    public var target: String
    /// Why, in the reporter's words.
    public var reason: String
    /// When it was filed (a server timestamp).
    @ServerTimestamp public var createdAt: Timestamp?

    /// A report about to be filed.
    init(reporterId: String, target: String, reason: String) {
        self.reporterId = reporterId
        self.target = target
        self.reason = reason
    }
}

/// What a report is about: a group, or a message or event of a group.
public enum ReportedContent: Sendable, Equatable {
    /// The group itself (its title, description…).
    case group(String)
    /// A message of the group's chat.
    case message(String, inGroup: String)
    /// An event of the group.
    case event(String, inGroup: String)

    /// The group the content belongs to.
    public var groupId: String {
        switch self {
        case .group(let groupId), .message(_, let groupId), .event(_, let groupId): groupId
        }
    }

    /// The reported document's path, as the report's `target` stores it.
    public var path: String {
        switch self {
        case .group(let groupId): "\(Collections.groups)/\(groupId)"
        case .message(let messageId, let groupId): "\(Collections.messages(of: groupId))/\(messageId)"
        case .event(let eventId, let groupId): "\(Collections.events(of: groupId))/\(eventId)"
        }
    }
}
