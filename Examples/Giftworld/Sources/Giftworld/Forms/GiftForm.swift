/// The "new gift" form (CU-008): name (required), brand, price in euros, shop link, picture URL.
public struct GiftForm: Sendable {
    /// What the gift is.
    public var name: String
    /// The brand; may be empty.
    public var brand: String
    /// The price in euros, at least 0.
    public var price: Double
    /// Where to buy it: empty, or an http(s) link.
    public var link: String
    /// A picture's URL; may be empty.
    public var imageURL: String

    /// A form with every field given.
    public init(name: String, brand: String = "", price: Double, link: String = "", imageURL: String = "") {
        self.name = name
        self.brand = brand
        self.price = price
        self.link = link
        self.imageURL = imageURL
    }

    /// The highest price accepted (a typo guard).
    public static let maximumPrice = 1_000_000.0

    /// The form trimmed and checked, or the first invalid field.
    func validated() throws(GiftworldError) -> GiftForm {
        let name = try FieldCheck.required(name, "name")
        guard price.isFinite, price >= 0, price <= Self.maximumPrice else {
            throw .invalidField(name: "price", reason: "must be between 0 and \(Int(Self.maximumPrice)) €")
        }
        return GiftForm(
            name: name, brand: FieldCheck.optional(brand), price: price, link: try FieldCheck.link(link, "link"),
            imageURL: FieldCheck.optional(imageURL))
    }
}
