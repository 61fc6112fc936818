/// Document counts of a data directory.
public struct StoreStatistics: Sendable, Equatable {
    /// Accounts in the account store.
    public let accounts: Int
    /// `users` documents.
    public let users: Int
    /// `requests` documents.
    public let requests: Int
    /// Offers over all requests.
    public let offers: Int
    /// `ratings` documents.
    public let ratings: Int
    /// `chats` documents.
    public let chats: Int
    /// Chat messages over all chats.
    public let messages: Int
}
