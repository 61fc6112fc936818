import Hearth
import Synchronization

/// What a worker's open-requests listener shows: the query's results whose radius covers the
/// worker's place, delivered only when that list changes (a request of the trade out of range
/// changes nothing).
final class OpenRequestsView: Sendable {
    /// The worker (their own requests are not shown to them).
    private let worker: String
    /// The worker's place.
    private let location: GeoPoint
    /// The ids last delivered (nil before the first delivery); guarded by the mutex.
    private let shown = Mutex<[String]?>(nil)

    /// A view for `worker` at `location`.
    init(worker: String, location: GeoPoint) {
        self.worker = worker
        self.location = location
    }

    /// Whether `request` reaches a worker at `place`: its radius covers the place (CU015).
    static func reaches(_ request: Solicitud, workerAt place: GeoPoint) -> Bool {
        Distance.km(request.location, place) <= request.radiusKm
    }

    /// The requests to show for the query results `requests`, or nil when they are what was shown last.
    func update(_ requests: [Solicitud]) -> [Solicitud]? {
        let visible = requests.filter { $0.client != worker && Self.reaches($0, workerAt: location) }
        let ids = visible.map(\.requestID)
        return shown.withLock { shown in
            // The first result is always delivered, even when empty.
            guard shown != ids else { return nil }
            shown = ids
            return visible
        }
    }
}
