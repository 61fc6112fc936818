import BenchSupport
import Foundation
import Hearth
import Komunit

/// Issue 19 (Komunit): the nearby-groups search at 100,000 groups spread over Spain — 10 km
/// around random centres, checked against a brute-force haversine, with the documents each
/// strategy reads (geohash cover vs. a latitude band) counted by Query Explain.
enum KomunitWorkloads {
    static func run(groups: Int, searches: Int) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-komunit-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let db = try Firestore(directory: root, projectID: "bench-komunit", options: EngineOptions(durability: .none))
        defer { db.close() }
        let (loaded, loadSeconds) = try await Stopwatch.time {
            try await GeoSearchMeasurement.load(into: db, count: groups, seed: 2023)
        }
        var measurement = loaded
        var sample = GroupSample(seed: 19)
        var centres: [GeoPoint] = []
        for _ in 0..<searches { centres.append(try sample.point()) }
        let (_, searchSeconds) = try await Stopwatch.time {
            for centre in centres { _ = try await GroupSearch.groups(in: db, area: GeoArea(center: centre, radiusKm: 10)) }
        }
        try await measurement.measure(in: db, centres: centres, radiusKm: 10)
        print(measurement.summary)
        guard measurement.mismatches == 0 else {
            throw BenchFailure(description: "komunit: \(measurement.mismatches) searches differ from the brute force")
        }
        return [
            BenchResult(name: "komunit load \(groups) groups", ops: groups, seconds: loadSeconds, baseline: nil),
            BenchResult(name: "komunit geohash search 10 km", ops: searches, seconds: searchSeconds, baseline: nil),
        ]
    }
}
