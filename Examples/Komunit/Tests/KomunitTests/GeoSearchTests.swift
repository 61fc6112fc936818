import Foundation
import Hearth
import Komunit
import Testing

/// RF6: the nearby search returns exactly the groups a brute-force haversine finds, and reads
/// few documents doing so.
@Suite("Geo search")
struct GeoSearchTests {
    @Test func geohashesMatchKnownValues() {
        #expect(Geohash.encode(latitude: 57.64911, longitude: 10.40744, precision: 11) == "u4pruydqqvj")
        #expect(Geohash.encode(latitude: 36.7196, longitude: -4.42) == "eysbgkt7n")
        #expect(Geohash.encode(latitude: -90, longitude: -180, precision: 3) == "000")
        #expect(Geohash.encode(latitude: 90, longitude: 180, precision: 3) == "zzz")
    }

    @Test func theCoverHoldsEveryPointOfTheCircle() throws {
        var sample = GroupSample(seed: 7)
        for _ in 0..<20 {
            let area = GeoArea(center: try sample.point(), radiusKm: sample.uniform(1...50))
            let cover = GeohashCover(area: area)
            #expect(cover.ranges.count <= GeohashCover.maximumCells)
            for _ in 0..<200 {
                // A point of the bounding box, kept when it lies in the circle.
                let box = area.boundingBox
                let point = try GeoPoint(
                    latitude: sample.uniform(box.minLatitude...box.maxLatitude),
                    longitude: sample.uniform(box.minLongitude...box.maxLongitude))
                guard area.contains(point) else { continue }
                let hash = Geohash.encode(latitude: point.latitude, longitude: point.longitude)
                #expect(cover.ranges.contains { hash >= $0.lower && ($0.upper.map { hash < $0 } ?? true) })
            }
        }
    }

    /// Groups loaded for the comparison: 6,000 by default (seconds in debug); set
    /// `KOMUNIT_GEO_GROUPS=100000` for the full measurement (the benchmark runs it too:
    /// `hearth-bench --only komunit`).
    static var groupCount: Int {
        ProcessInfo.processInfo.environment["KOMUNIT_GEO_GROUPS"].flatMap(Int.init) ?? 6_000
    }

    @Test func searchAgreesWithBruteForceAndReadsLittle() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let admin = try fixture.adminView()
        defer { admin.close() }
        let count = Self.groupCount
        let loaded = try await GeoSearchMeasurement.load(into: admin, count: count, seed: 2023)
        var sample = GroupSample(seed: 19)
        // Madrid, Málaga, Barcelona, and random centres.
        var centres = [
            try GeoPoint(latitude: 40.4168, longitude: -3.7038), try GeoPoint(latitude: 36.7213, longitude: -4.4214),
            try GeoPoint(latitude: 41.3874, longitude: 2.1686),
        ]
        for _ in 0..<27 { centres.append(try sample.point()) }
        var near = loaded
        try await near.measure(in: admin, centres: centres, radiusKm: 10)
        print("10 km:\n\(near.summary)")
        #expect(near.mismatches == 0 && near.searches == centres.count)
        // Density scales the reads: at 100,000 groups "a few hundred" at most; here proportionally fewer.
        #expect(near.geohash.maximum <= max(40, count / 250), "\(near.summary)")
        #expect(near.geohash.total < near.latitudeBand.total / 5, "\(near.summary)")
        var wide = loaded
        try await wide.measure(in: admin, centres: Array(centres.prefix(8)), radiusKm: 40)
        print("40 km:\n\(wide.summary)")
        #expect(wide.mismatches == 0)
        // The user's own handle finds the same groups under the rules.
        let ana = try await fixture.user(named: "ana")
        let area = GeoArea(center: centres[0], radiusKm: 10)
        let expected = Set(loaded.points.filter { area.contains($0.value) }.keys)
        let found = try await ana.exploreGroups(latitude: centres[0].latitude, longitude: centres[0].longitude, radiusKm: 10)
        #expect(Set(found.compactMap(\.group.id)) == expected)
        #expect(found.map(\.distanceKm) == found.map(\.distanceKm).sorted())
    }

    @Test func searchArgumentsAreValidated() async throws {
        let fixture = try await TestApp()
        defer { fixture.close() }
        let ana = try await fixture.user(named: "ana")
        await #expect(throws: KomunitError.invalidField(name: "radius", reason: "debe estar entre 0 y 100 km")) {
            try await ana.exploreGroups(latitude: 40, longitude: -3, radiusKm: 0)
        }
        await #expect(throws: KomunitError.invalidField(name: "location", reason: "no es una posición válida")) {
            try await ana.exploreGroups(latitude: -91, longitude: -3, radiusKm: 5)
        }
        _ = try await ana.createGroup(.band())
        #expect(try await ana.exploreGroupsNearMe(radiusKm: 5).map(\.group.title) == ["Banda de rock"])
    }
}
