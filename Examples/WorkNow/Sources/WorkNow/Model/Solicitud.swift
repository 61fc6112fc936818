public import Hearth

/// A service request, `requests/{autoId}`: a client asks for help in one trade at one place —
/// to every professional of the trade in range (CU003), or to one professional directly (CU008).
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
    /// How far from the job, in km (1–100), the client looks for workers (screen 5).
    public var radiusKm: Double
    /// The professional a direct hire is addressed to (CU008); nil for a request to the trade.
    public var worker: String?
    /// When the store committed the request.
    @ServerTimestamp public var createdAt: Timestamp?
    /// Where the request is in its life.
    public var status: RequestStatus
    /// The uid of the worker whose offer was accepted (nil while open).
    public var acceptedOffer: String?
    /// The parties who pressed "finalizar"; the request is `done` once both are here.
    public var finishedBy: [String]
    /// When the client paid (CU011), set once after `done`; nil before.
    public var paidAt: Timestamp?

    /// The request's id, empty for a value that was never stored.
    public var requestID: String { id ?? "" }

    /// Whether this is a direct hire of one professional (CU008).
    public var isDirect: Bool { worker != nil }

    /// Whether the job is done and paid (ratings are possible).
    public var isPaid: Bool { status == .done && paidAt != nil }
}
