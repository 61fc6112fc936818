public import Hearth

/// A group found near a point, with its distance.
public struct NearbyGroup: Sendable, Equatable {
    /// The group.
    public let group: Grupo
    /// Kilometres from the search's centre.
    public let distanceKm: Double
}

/// The nearby search (RF6): one range query on the stored geohash per run of covering cells,
/// then the exact distance filter in memory. Works on any handle: a user's (the rules judge
/// each query) or an admin's (the benchmark, which also explains each query).
public enum GroupSearch {
    /// The largest radius a search may use, in kilometres.
    public static let maximumRadiusKm = 100.0

    /// The range queries that together return every group in `area`'s bounding box (and some
    /// around it), in `db`'s `groups` collection.
    public static func queries(in db: Firestore, area: GeoArea) -> [Query] {
        GeohashCover(area: area).ranges.map { range in
            let from = db.collection(Collections.groups).whereField("geohash", isGreaterThanOrEqualTo: range.lower)
            guard let upper = range.upper else { return from }
            return from.whereField("geohash", isLessThan: upper)
        }
    }

    /// The groups within `area`, nearest first (ties by id).
    /// - Throws: `FirestoreError` from the queries.
    public static func groups(in db: Firestore, area: GeoArea) async throws -> [NearbyGroup] {
        var found: [NearbyGroup] = []
        for query in queries(in: db, area: area) {
            for document in try await query.getDocuments().documents {
                let group = try document.data(as: Grupo.self)
                let distance = GeoArea.distanceKm(area.center, group.location)
                if distance <= area.radiusKm { found.append(NearbyGroup(group: group, distanceKm: distance)) }
            }
        }
        return found.sorted { ($0.distanceKm, $0.group.id ?? "") < ($1.distanceKm, $1.group.id ?? "") }
    }
}
