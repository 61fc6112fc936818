/// A chat opened with another user (CU-09). Nothing is stored until the first message is sent.
public struct Conversation: Sendable, Equatable {
    /// The other party's profile.
    public let partner: Perfil
    /// Whether the two have exchanged a message yet (the chat "exists" only from then on).
    public let hasMessages: Bool
}
