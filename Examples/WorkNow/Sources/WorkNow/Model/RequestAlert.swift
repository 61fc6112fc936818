public import Hearth

/// A new request a worker is told about, `users/{workerUid}/alerts/{requestId}`: written by the
/// request fan-out trigger for every worker of the trade whose radius covers the place (the
/// thesis's push notification, kept).
public struct RequestAlert: Codable, Sendable, Equatable {
    /// The request's id (also the alert's id).
    @DocumentID public var id: String?
    /// The request.
    public var requestId: String
    /// The trade.
    public var categoria: String
    /// What is needed.
    public var descripcion: String
    /// How far the job is from the worker's place, in km.
    public var distanceKm: Double
    /// When the request was committed.
    public var createdAt: Timestamp?
}
