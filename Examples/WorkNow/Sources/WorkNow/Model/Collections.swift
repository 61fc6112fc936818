/// Collection names and paths of WorkNow's data model (see README.md, "Schema").
enum Collections {
    /// `users/{uid}`: one profile per account.
    static let users = "users"
    /// `requests/{autoId}`: service requests.
    static let requests = "requests"
    /// `ratings/{requestId}_{raterUid}`: one rating per job and party.
    static let ratings = "ratings"
    /// `chats/{chatId}`: one conversation per pair of users.
    static let chats = "chats"
    /// The collection id of the offers under a request.
    static let offers = "offers"
    /// The collection id of the messages under a chat.
    static let messages = "messages"
    /// The collection id of a worker's request alerts under `users/{uid}`.
    static let alerts = "alerts"

    /// `users/<uid>/alerts`.
    static func alerts(of uid: String) -> String { "\(users)/\(uid)/\(alerts)" }

    /// `requests/<id>/offers`.
    static func offers(of requestID: String) -> String { "\(requests)/\(requestID)/\(offers)" }

    /// `chats/<id>/messages`.
    static func messages(of chatID: String) -> String { "\(chats)/\(chatID)/\(messages)" }

    /// The id of the rating `raterUID` gives for the job of request `requestID`.
    static func ratingID(request requestID: String, rater raterUID: String) -> String { "\(requestID)_\(raterUID)" }
}
