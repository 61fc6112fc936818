/// The original's chat id rule: for each participant, the first five characters of the uid, then
/// the initial of the first name and of the surname; the participant whose uid is alphabetically
/// smaller comes first, so both sides compute the same id. Example: `Gvu9aAG` + `NaNNiJA`.
public enum ChatID {
    /// One participant as the rule needs them.
    public struct Participant: Sendable, Equatable {
        /// The uid (at least five characters).
        public let uid: String
        /// First name (not empty).
        public let nombre: String
        /// Surnames (not empty).
        public let apellidos: String

        /// A participant with these fields.
        public init(uid: String, nombre: String, apellidos: String) {
            self.uid = uid
            self.nombre = nombre
            self.apellidos = apellidos
        }

        /// Uid prefix and initials; nil when a field is too short.
        var key: String? {
            guard uid.unicodeScalars.count >= 5, let first = nombre.unicodeScalars.first,
                let last = apellidos.unicodeScalars.first
            else { return nil }
            return String(String.UnicodeScalarView(uid.unicodeScalars.prefix(5))) + String(first) + String(last)
        }
    }

    /// The chat id of `a` and `b`, in either order.
    /// - Throws: `invalidChatPartner` when both are the same user or a uid or name is too short.
    public static func make(_ a: Participant, _ b: Participant) throws(WorkNowError) -> String {
        guard a.uid != b.uid else { throw .invalidChatPartner("you cannot chat with yourself") }
        let (first, second) = a.uid < b.uid ? (a, b) : (b, a)
        guard let one = first.key, let two = second.key else {
            throw .invalidChatPartner("a uid needs five characters and a name and surname")
        }
        return one + two
    }
}
