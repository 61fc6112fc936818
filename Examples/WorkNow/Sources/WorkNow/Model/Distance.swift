import Foundation
public import Hearth

/// Great-circle distances between geopoints (haversine on a 6,371 km sphere).
public enum Distance {
    /// The mean earth radius used, in km.
    public static let earthRadiusKm = 6371.0

    /// The distance from `a` to `b` in km.
    public static func km(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }
}
