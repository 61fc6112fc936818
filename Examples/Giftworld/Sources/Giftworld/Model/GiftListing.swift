/// A fellow member's gift as their list shows it: the gift and whether it is bought, and by whom.
/// Only ever built for someone else's list; the owner's own list has no status at all.
public struct GiftListing: Sendable, Equatable {
    /// The gift.
    public let gift: Gift
    /// The purchase, or nil while it is still available.
    public let purchase: Purchase?

    /// Whether someone already bought it.
    public var isBought: Bool { purchase != nil }
}
