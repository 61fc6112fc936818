/// A geographic point: latitude in [-90, 90] and longitude in [-180, 180] degrees.
public struct GeoPoint: Sendable, Hashable {
    /// Degrees north of the equator.
    public let latitude: Double
    /// Degrees east of Greenwich.
    public let longitude: Double

    /// Creates a point, validating both coordinates with the SDK's messages.
    public init(latitude: Double, longitude: Double) throws(FirestoreError) {
        guard latitude.isFinite, latitude >= -90, latitude <= 90 else {
            throw FirestoreError(.invalidArgument, "Latitude must be a number between -90 and 90, but was: \(latitude)")
        }
        guard longitude.isFinite, longitude >= -180, longitude <= 180 else {
            throw FirestoreError(
                .invalidArgument, "Longitude must be a number between -180 and 180, but was: \(longitude)")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a point from coordinates already known to be valid (decoded storage).
    package init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
