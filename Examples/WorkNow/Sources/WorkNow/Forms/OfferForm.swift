/// The "send a proposal" screen (CU012 / RF005): a price or a price range, how long the job takes,
/// and a message.
public struct OfferForm: Sendable, Equatable {
    /// The price asked, in euros (the bottom of the range when `priceTo` is set).
    public var price: Double
    /// The top of a price range ("rango de precio"), or nil for a single price.
    public var priceTo: Double?
    /// How long the job takes ("2 horas").
    public var duration: String
    /// A note to the client (may be empty).
    public var message: String

    /// A form with these fields.
    public init(price: Double, priceTo: Double? = nil, duration: String, message: String = "") {
        self.price = price
        self.priceTo = priceTo
        self.duration = duration
        self.message = message
    }

    /// The most the offer may cost: the top of the range, or the price.
    public var top: Double { priceTo ?? price }

    /// Checks the fields.
    /// - Throws: `invalidField` for a price that is not a positive amount, a range whose top is not
    ///   above its bottom, or a blank duration.
    func validated() throws(WorkNowError) -> OfferForm {
        guard price > 0, price.isFinite else { throw .invalidField(name: "price", reason: "a positive amount") }
        if let priceTo, !(priceTo > price && priceTo.isFinite) {
            throw .invalidField(name: "priceTo", reason: "the top of the range must be above the price")
        }
        let duration = FieldCheck.trimmed(duration)
        guard !duration.isEmpty else { throw .invalidField(name: "duration", reason: "required") }
        return OfferForm(price: price, priceTo: priceTo, duration: duration, message: FieldCheck.trimmed(message))
    }
}
