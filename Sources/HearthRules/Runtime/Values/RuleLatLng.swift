/// A rules `latlng`: a point on Earth in degrees.
struct RuleLatLng: Sendable, Hashable {
    /// Degrees north, -90 … 90.
    let latitude: Double
    /// Degrees east, -180 … 180.
    let longitude: Double

    /// The mean Earth radius in metres used by `distance` (IUGG mean radius).
    static let earthRadiusMetres = 6_371_008.8

    /// Creates a point, failing with Firebase's message when a coordinate is out of range.
    init(latitude: Double, longitude: Double) throws(RuleError) {
        guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
            throw RuleError.latLngOutOfRange(latitude: latitude, longitude: longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a point from coordinates already known to be in range (a stored geo point).
    init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The great-circle distance to `other` in metres (haversine formula on a sphere).
    func distance(to other: RuleLatLng) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = other.latitude * radians
        let deltaPhi = (other.latitude - latitude) * radians
        let deltaLambda = (other.longitude - longitude) * radians
        let sinHalfPhi = RuleLatLng.sine(deltaPhi / 2)
        let sinHalfLambda = RuleLatLng.sine(deltaLambda / 2)
        let a =
            sinHalfPhi * sinHalfPhi + RuleLatLng.cosine(phi1) * RuleLatLng.cosine(phi2) * sinHalfLambda * sinHalfLambda
        let clamped = Swift.min(1, Swift.max(0, a))
        return 2 * RuleLatLng.earthRadiusMetres * RuleLatLng.arcsine(clamped.squareRoot())
    }

    /// Equal when both coordinates are numerically equal.
    static func == (lhs: RuleLatLng, rhs: RuleLatLng) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude
    }

    /// Hashes both coordinates, folding `-0.0` into `0.0` as `==` does.
    func hash(into hasher: inout Hasher) {
        hasher.combine(latitude == 0 ? 0 : latitude.bitPattern)
        hasher.combine(longitude == 0 ? 0 : longitude.bitPattern)
    }
}
