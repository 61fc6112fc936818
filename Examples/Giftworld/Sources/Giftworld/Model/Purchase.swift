public import Hearth

/// The purchase of a gift, `purchases/{ownerUid}_{giftId}`: one document per gift, so a gift is
/// bought at most once. Members who share a group with the owner read it; the owner never can.
public struct Purchase: Codable, Sendable, Equatable {
    /// The document id, `<owner>_<giftId>`.
    @DocumentID public var id: String?
    /// `users/<owner>/gifts/<giftId>`.
    public var giftPath: String
    /// The uid of the gift's owner.
    public var owner: String
    /// The group in which it was bought (every buyer and the owner are members).
    public var groupId: String
    /// Who bought it; the first paid the whole price.
    public var buyers: [String]
    /// The gift's price when it was bought.
    public var price: Double
    /// When it was bought (a server timestamp).
    @ServerTimestamp public var purchasedAt: Timestamp?

    /// The buyer who paid.
    public var payer: String? { buyers.first }

    /// Whether more than one member bought it.
    public var isJoint: Bool { buyers.count > 1 }

    /// The document id of the purchase of `giftID` from `owner`'s list.
    public static func documentID(owner: String, giftID: String) -> String { "\(owner)_\(giftID)" }

    /// A new purchase; the store fills in `purchasedAt`.
    init(owner: String, giftID: String, groupID: String, buyers: [String], price: Double) {
        giftPath = Collections.giftPath(owner: owner, giftID: giftID)
        self.owner = owner
        groupId = groupID
        self.buyers = buyers
        self.price = price
    }
}
