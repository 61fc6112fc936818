/// The "send an offer" screen: price, how long the job takes, and a message.
public struct OfferForm: Sendable, Equatable {
    /// The price asked, in euros.
    public var price: Double
    /// How long the job takes ("2 horas").
    public var duration: String
    /// A note to the client (may be empty).
    public var message: String

    /// A form with these fields.
    public init(price: Double, duration: String, message: String = "") {
        self.price = price
        self.duration = duration
        self.message = message
    }

    /// Checks the fields.
    /// - Throws: `invalidField` for a price that is not a positive amount or a blank duration.
    func validated() throws(WorkNowError) -> OfferForm {
        guard price > 0, price.isFinite else { throw .invalidField(name: "price", reason: "a positive amount") }
        let duration = FieldCheck.trimmed(duration)
        guard !duration.isEmpty else { throw .invalidField(name: "duration", reason: "required") }
        return OfferForm(price: price, duration: duration, message: FieldCheck.trimmed(message))
    }
}
