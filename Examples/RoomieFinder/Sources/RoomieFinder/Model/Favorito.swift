public import Hearth

/// A favourite, `Favoritos/<uid>_<adId>` (thesis Table 5.3): one document per user and ad, so
/// marking twice is harmless.
public struct Favorito: Codable, Sendable, Equatable {
    /// The document id, `<currentUser>_<anuncioID>`.
    @DocumentID public var id: String?
    /// The uid of the user who marked the ad.
    public var currentUser: String
    /// The id of the ad marked.
    public var anuncioID: String

    /// The favourite of `user` for `adID`.
    init(user: String, adID: String) {
        currentUser = user
        anuncioID = adID
    }

    /// The document id of `user`'s favourite for `adID`.
    public static func documentID(user: String, adID: String) -> String { user + "_" + adID }
}
