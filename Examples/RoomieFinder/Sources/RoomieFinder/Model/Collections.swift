/// The collection names of the data model, exactly as the thesis spells them, and the paths
/// built from them.
public enum Collections {
    /// `Perfiles/{uid}`.
    public static let profiles = "Perfiles"
    /// `Anuncios/{autoId}`.
    public static let ads = "Anuncios"
    /// `Favoritos/<uid>_<adId>`.
    public static let favorites = "Favoritos"
    /// `Chats/{from}/{to}/{autoId}`.
    public static let chats = "Chats"
    /// `recent_messages/{owner}/messages/{other}`.
    public static let recentMessages = "recent_messages"
    /// The sub-collection under each `recent_messages/{owner}`.
    public static let recentMessagesEntries = "messages"
    /// The photo path of a profile whose owner chose none.
    public static let defaultAvatar = "images/default-avatar.jpg"

    /// `Chats/<owner>/<other>`: `owner`'s copy of the conversation.
    static func chat(owner: String, other: String) -> String { "\(chats)/\(owner)/\(other)" }

    /// `recent_messages/<owner>/messages`.
    static func recentEntries(owner: String) -> String { "\(recentMessages)/\(owner)/\(recentMessagesEntries)" }
}
