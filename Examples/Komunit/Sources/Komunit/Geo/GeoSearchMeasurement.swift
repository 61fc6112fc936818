public import Hearth

/// Measures the nearby search on synthetic data (tests and the benchmark): loads groups spread
/// over Spain, then for each centre compares the search with a brute-force haversine over every
/// group and counts the documents each strategy reads (Query Explain). Needs an admin handle.
public struct GeoSearchMeasurement: Sendable {
    /// What one strategy read over all searches.
    public struct Reads: Sendable, Equatable {
        /// Documents read, summed over the searches.
        public var total = 0
        /// The most documents one search read.
        public var maximum = 0
        /// Range queries run, summed over the searches.
        public var queries = 0

        /// Adds one search's reads.
        mutating func add(documents: Int, queries: Int) {
            total += documents
            maximum = max(maximum, documents)
            self.queries += queries
        }
    }

    /// Searches run.
    public var searches = 0
    /// Groups found in all, summed over the searches.
    public var groupsFound = 0
    /// Searches whose result differed from the brute force (must be 0).
    public var mismatches = 0
    /// The geohash cover's reads.
    public var geohash = Reads()
    /// The alternative's reads: one range on `location` (a latitude band; geopoints order by
    /// latitude first), then the distance filter.
    public var latitudeBand = Reads()

    /// The group locations by id, as loaded.
    public let points: [String: GeoPoint]

    /// Writes `count` groups drawn from `seed` into `db`'s `groups` collection, in batches of 500.
    public static func load(into db: Firestore, count: Int, seed: UInt64) async throws -> GeoSearchMeasurement {
        var sample = GroupSample(seed: seed)
        var points: [String: GeoPoint] = [:]
        for start in stride(from: 0, to: count, by: 500) {
            let batch = db.batch()
            for number in start..<min(count, start + 500) {
                let point = try sample.point()
                let id = "g\(number)"
                points[id] = point
                batch.setData(
                    GroupSample.groupData(number: number, location: point, ownerId: "owner\(number % 1_000)"),
                    forDocument: db.collection(Collections.groups).document(id))
            }
            try await batch.commit()
        }
        return GeoSearchMeasurement(points: points)
    }

    /// Searches `radiusKm` around each centre with both strategies and records what they read.
    public mutating func measure(in db: Firestore, centres: [GeoPoint], radiusKm: Double) async throws {
        for centre in centres {
            let area = GeoArea(center: centre, radiusKm: radiusKm)
            let expected = Set(points.filter { area.contains($0.value) }.keys)
            let found = try await GroupSearch.groups(in: db, area: area)
            searches += 1
            groupsFound += found.count
            if Set(found.compactMap(\.group.id)) != expected { mismatches += 1 }
            let queries = GroupSearch.queries(in: db, area: area)
            var scanned = 0
            for query in queries { scanned += try await Self.documentsRead(by: query) }
            geohash.add(documents: scanned, queries: queries.count)
            let box = area.boundingBox
            let band = db.collection(Collections.groups)
                .whereField("location", isGreaterThanOrEqualTo: try GeoPoint(latitude: box.minLatitude, longitude: -180))
                .whereField("location", isLessThanOrEqualTo: try GeoPoint(latitude: box.maxLatitude, longitude: 180))
            latitudeBand.add(documents: try await Self.documentsRead(by: band), queries: 1)
        }
    }

    /// The documents `query` reads, as Query Explain (analyze) counts them.
    static func documentsRead(by query: Query) async throws -> Int {
        let report = try await query.explain(options: ExplainOptions(analyze: true))
        return report.metrics.executionStats?.debugStats.documentsScanned ?? 0
    }

    /// One line per strategy: average and maximum documents read per search.
    public var summary: String {
        let n = Double(max(1, searches))
        func line(_ name: String, _ reads: Reads) -> String {
            let average = (Double(reads.total) / n * 10).rounded() / 10
            let queries = (Double(reads.queries) / n * 10).rounded() / 10
            return "\(name): \(average) documents read per search on average, \(reads.maximum) at most, \(queries) queries"
        }
        let found = (Double(groupsFound) / n * 10).rounded() / 10
        return """
            \(searches) searches over \(points.count) groups: \(found) groups found per search on average, \
            \(mismatches) differing from the brute-force haversine
            \(line("geohash cover", geohash))
            \(line("latitude band", latitudeBand))
            """
    }
}
