public import Hearth

/// A wish, `users/{uid}/gifts/{giftId}`. It holds nothing about whether it was bought: that lives
/// in `Purchase`, which its owner can never read.
public struct Gift: Codable, Sendable, Equatable {
    /// The auto-generated document id.
    @DocumentID public var id: String?
    /// What the gift is.
    public var name: String
    /// The brand, `""` when any will do.
    public var brand: String
    /// The price in euros (≥ 0).
    public var price: Double
    /// Where to buy it, `""` when no link was given.
    public var link: String
    /// A picture's URL, `""` when there is none.
    public var imageURL: String
    /// When it was added (a server timestamp).
    @ServerTimestamp public var createdAt: Timestamp?

    /// The stored field names.
    enum CodingKeys: String, CodingKey {
        case id, name, brand, price, link, createdAt
        case imageURL = "image_url"
    }

    /// A new gift from a validated form; the store fills in `createdAt`.
    init(form: GiftForm) {
        name = form.name
        brand = form.brand
        price = form.price
        link = form.link
        imageURL = form.imageURL
    }
}
