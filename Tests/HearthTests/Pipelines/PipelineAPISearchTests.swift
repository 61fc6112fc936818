import Foundation
import Hearth
import Testing

/// The Swift API's search stage: text queries, scores, geo distance, placement.
@Suite("db.pipeline().search")
struct PipelineAPISearchTests {
    static func cafes() async throws -> TestFirestore {
        let t = try TestFirestore()
        try await t.db.enableEnterpriseEdition()
        let cafes = t.db.collection("cafes")
        try await cafes.document("a").setData(["about": "Pancakes, pancakes and coffee", "at": try GeoPoint(latitude: 0, longitude: 0)])
        try await cafes.document("b").setData(["about": "Belgian waffles and coffee", "at": try GeoPoint(latitude: 0, longitude: 0.01)])
        try await cafes.document("c").setData(["about": "One pancake, no coffee", "at": try GeoPoint(latitude: 1, longitude: 0)])
        return t
    }

    @Test func textQueriesMatchAndScore() async throws {
        let t = try await Self.cafes()
        let both = try await t.db.pipeline().collection("cafes").search("pancakes coffee").execute()
        #expect(both.results.compactMap { $0.get("about") as? String }.count == 2)
        let ranked = try await t.db.pipeline().collection("cafes")
            .search(query: .documentMatches("pancake -waffles"), sort: [FunctionExpression.score().descending()],
                    addFields: [FunctionExpression.score().as("s")])
            .execute()
        #expect(ranked.results.map { $0.get("about") as? String } == ["Pancakes, pancakes and coffee", "One pancake, no coffee"])
        let scores = ranked.results.compactMap { $0.get("s") as? Double }
        #expect(scores.count == 2 && scores[0] > scores[1] && scores[1] > 0)
    }

    @Test func geoDistanceIsInMetres() async throws {
        let t = try await Self.cafes()
        let near = Field("at").geoDistance(try GeoPoint(latitude: 0, longitude: 0))
        let snapshot = try await t.db.pipeline().collection("cafes")
            .search(query: near.lessThan(5_000), sort: [near.ascending()], addFields: [near.as("m")])
            .execute()
        let metres = snapshot.results.compactMap { $0.get("m") as? Double }
        #expect(metres.count == 2)
        #expect(metres.first == 0)
        #expect(abs(metres[1] - 1_111.95) < 1)  // 0.01° of longitude on the equator
    }

    @Test func searchComesRightAfterTheSource() async throws {
        let t = try await Self.cafes()
        await #expect(throws: FirestoreError.self) {
            try await t.db.pipeline().collection("cafes").limit(1).search("coffee").execute()
        }
    }
}
