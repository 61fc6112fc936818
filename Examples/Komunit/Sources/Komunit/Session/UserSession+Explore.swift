import Hearth

extension UserSession {
    /// CU04 step 1 / RF6: the groups within `radiusKm` of a point, nearest first — what the map shows.
    /// - Throws: `invalidField` for an invalid point or a radius outside (0, 100] km.
    public func exploreGroups(latitude: Double, longitude: Double, radiusKm: Double) async throws(KomunitError)
        -> [NearbyGroup]
    {
        let center = try FieldCheck.location(latitude: latitude, longitude: longitude, "location")
        guard radiusKm > 0, radiusKm <= GroupSearch.maximumRadiusKm else {
            throw .invalidField(name: "radius", reason: "debe estar entre 0 y \(Int(GroupSearch.maximumRadiusKm)) km")
        }
        return try await KomunitError.mapping {
            return try await GroupSearch.groups(in: db, area: GeoArea(center: center, radiusKm: radiusKm))
        }
    }

    /// RF6 around the user's preferred location.
    /// - Throws: as `exploreGroups(latitude:longitude:radiusKm:)`; `userNotFound`.
    public func exploreGroupsNearMe(radiusKm: Double) async throws(KomunitError) -> [NearbyGroup] {
        let home = try await profile().preferredLocation
        return try await exploreGroups(latitude: home.latitude, longitude: home.longitude, radiusKm: radiusKm)
    }
}
