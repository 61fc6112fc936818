public import Hearth

/// A service request, `requests/{autoId}`: a client asks for help in one trade at one place.
public struct Solicitud: Codable, Sendable, Equatable {
    /// The auto-generated id.
    @DocumentID public var id: String?
    /// The client's uid.
    public var client: String
    /// The trade (`Oficio.rawValue`).
    public var categoria: String
    /// What is needed (never empty).
    public var descripcion: String
    /// The most the client will pay, or nil for no limit.
    public var precio_max: Double?
    /// Where the job is.
    public var location: GeoPoint
    /// When the store committed the request.
    @ServerTimestamp public var createdAt: Timestamp?
    /// Where the request is in its life.
    public var status: RequestStatus
    /// The uid of the worker whose offer was accepted (nil while open).
    public var acceptedOffer: String?

    /// The request's id, empty for a value that was never stored.
    public var requestID: String { id ?? "" }
}
