/// The collection names of Giftworld's data model and the paths built from them. The thesis names
/// no collections; this layout is Hearth's (see README.md, "Schema").
public enum Collections {
    /// `users/{uid}`: the user cards.
    public static let users = "users"
    /// `users/{uid}/gifts/{giftId}`: each user's wish list.
    public static let gifts = "gifts"
    /// `groups/{groupId}`.
    public static let groups = "groups"
    /// `purchases/{ownerUid}_{giftId}`: the purchase status, kept apart from the gift.
    public static let purchases = "purchases"
    /// `debts/{purchaseId}_{debtor}`.
    public static let debts = "debts"
    /// `memberships/{uid}`: the groups of each user, kept by the membership trigger for the rules.
    public static let memberships = "memberships"

    /// `users/<uid>/gifts`.
    static func giftList(of uid: String) -> String { "\(users)/\(uid)/\(gifts)" }

    /// `users/<uid>/gifts/<giftId>`: what a purchase's `giftPath` holds.
    static func giftPath(owner: String, giftID: String) -> String { "\(giftList(of: owner))/\(giftID)" }
}
