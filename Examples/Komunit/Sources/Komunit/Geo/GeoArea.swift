public import Hearth
import Foundation

/// A circle on the Earth: a centre and a radius in kilometres, with the distance and bounding-box
/// arithmetic the nearby search needs.
public struct GeoArea: Sendable, Equatable {
    /// The mean Earth radius in kilometres (IUGG).
    public static let earthRadiusKm = 6371.0088
    /// Kilometres per degree of latitude.
    static let kmPerDegree = earthRadiusKm * Double.pi / 180

    /// The centre.
    public let center: GeoPoint
    /// The radius in kilometres.
    public let radiusKm: Double

    /// A circle of `radiusKm` around `center`.
    public init(center: GeoPoint, radiusKm: Double) {
        self.center = center
        self.radiusKm = radiusKm
    }

    /// The great-circle distance in kilometres between two points (haversine formula).
    public static func distanceKm(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(h)))
    }

    /// Whether `point` lies in the circle.
    public func contains(_ point: GeoPoint) -> Bool { Self.distanceKm(center, point) <= radiusKm }

    /// The smallest latitude/longitude box holding the circle, clamped to the valid ranges (the
    /// antimeridian is not wrapped: the app covers Spain).
    public var boundingBox: (minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        let latDelta = radiusKm / Self.kmPerDegree
        let minLat = max(-90, center.latitude - latDelta)
        let maxLat = min(90, center.latitude + latDelta)
        // The box is widest at the parallel farthest from the equator.
        let widest = max(abs(minLat), abs(maxLat))
        let cosine = cos(widest * .pi / 180)
        let lonDelta = cosine < 1e-9 ? 180 : min(180, latDelta / cosine)
        return (minLat, maxLat, max(-180, center.longitude - lonDelta), min(180, center.longitude + lonDelta))
    }
}
