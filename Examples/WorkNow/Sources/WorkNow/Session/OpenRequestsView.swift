import Hearth
import Synchronization

/// What a worker's open-requests listener shows: the query's results within the worker's radius,
/// delivered only when that list changes (a request of the trade out of range changes nothing).
final class OpenRequestsView: Sendable {
    /// The worker (their own requests are not shown to them).
    private let worker: String
    /// The worker's place.
    private let location: GeoPoint
    /// How far the worker travels, in km.
    private let radiusKm: Double
    /// The ids last delivered (nil before the first delivery); guarded by the mutex.
    private let shown = Mutex<[String]?>(nil)

    /// A view for `worker` at `location` travelling up to `radiusKm`.
    init(worker: String, location: GeoPoint, radiusKm: Double) {
        self.worker = worker
        self.location = location
        self.radiusKm = radiusKm
    }

    /// The requests to show for the query results `requests`, or nil when they are what was shown last.
    func update(_ requests: [Solicitud]) -> [Solicitud]? {
        let visible = requests.filter { $0.client != worker && Distance.km($0.location, location) <= radiusKm }
        let ids = visible.map(\.requestID)
        return shown.withLock { shown in
            // The first result is always delivered, even when empty.
            guard shown != ids else { return nil }
            shown = ids
            return visible
        }
    }
}
