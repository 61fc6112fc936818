public import Hearth

/// A worker's offer for a request, `requests/{id}/offers/{workerUid}`: one per worker and request.
public struct Oferta: Codable, Sendable, Equatable {
    /// The worker's uid (also the document id).
    public var worker: String
    /// The price asked, in euros.
    public var price: Double
    /// How long the job will take, as the worker writes it ("2 horas").
    public var duration: String
    /// A note to the client.
    public var message: String
    /// When the store committed the offer.
    @ServerTimestamp public var createdAt: Timestamp?
}
