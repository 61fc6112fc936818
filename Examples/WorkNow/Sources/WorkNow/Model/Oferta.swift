public import Hearth

/// A worker's offer (proposal) for a request, `requests/{id}/offers/{workerUid}`: one per worker
/// and request, a price or a price range (`price` to `priceTo`, RF005).
public struct Oferta: Codable, Sendable, Equatable {
    /// The worker's uid (also the document id).
    public var worker: String
    /// The price asked, in euros; the bottom of the range when `priceTo` is set.
    public var price: Double
    /// The top of the price range, or nil for a single price.
    public var priceTo: Double?
    /// How long the job will take, as the worker writes it ("2 horas").
    public var duration: String
    /// A note to the client.
    public var message: String
    /// The worker's place: the offer's point on the client's map (RF006).
    public var location: GeoPoint
    /// Set by the client when they turn the offer down (screen 6).
    public var rejected: Bool
    /// When the store committed the offer.
    @ServerTimestamp public var createdAt: Timestamp?

    /// The most the offer may cost: the top of the range, or the price.
    public var top: Double { priceTo ?? price }
}
