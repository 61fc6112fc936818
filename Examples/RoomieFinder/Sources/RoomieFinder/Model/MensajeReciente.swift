public import Hearth

/// The last message of one conversation as its owner sees it,
/// `recent_messages/<owner>/messages/<other>` (thesis Table 5.5).
public struct MensajeReciente: Codable, Sendable, Equatable {
    /// The document id: the other party's uid.
    @DocumentID public var id: String?
    /// Who sent the last message.
    public var fromID: String
    /// Who received it.
    public var toID: String
    /// The last message.
    public var text: String
    /// When it was sent (a server timestamp).
    @ServerTimestamp public var timestamp: Timestamp?
    /// The other party's first name.
    public var nombre: String
    /// The other party's surname.
    public var apellido: String
    /// The other party's photo path.
    public var profileImage: String

    /// The other party's uid, relative to `owner`.
    public func partner(of owner: String) -> String { fromID == owner ? toID : fromID }

    /// The entry for a message `from` → `to`, showing `other`'s name and photo.
    init(from: String, to: String, text: String, other: Perfil) {
        fromID = from
        toID = to
        self.text = text
        nombre = other.nombre
        apellido = other.apellido
        profileImage = other.urlImage ?? Collections.defaultAvatar
    }
}
