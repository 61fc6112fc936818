import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Query Explain and collection listings through the Swift API")
struct ExplainAndListingAPITests {
    func seeded() async throws -> TestFirestore {
        let t = try TestFirestore()
        let batch = t.db.batch()
        for index in 0..<12 {
            batch.setData(
                ["city": ["Madrid", "Sevilla", "Valencia"][index % 3], "price": index * 10, "v": VectorValue([Double(index), 0])],
                forDocument: t.db.collection("rooms").document("r\(index)"))
        }
        try await batch.commit()
        return t
    }

    @Test func explainWithAnalyzeReturnsTheDocumentsAndTheCounts() async throws {
        let t = try await seeded()
        let query = t.db.collection("rooms").whereField("city", isEqualTo: "Sevilla")
        let explained = try await query.explain(options: ExplainOptions(analyze: true))
        #expect(explained.snapshot?.documents.map(\.documentID) == ["r1", "r10", "r4", "r7"])
        #expect(explained.metrics.planSummary.indexesUsed == [IndexUsed(queryScope: "Collection", properties: "(city ASC, __name__ ASC)")])
        #expect(explained.metrics.executionStats?.resultsReturned == 4)
        #expect(explained.metrics.executionStats?.debugStats.documentsScanned == 4)
    }

    @Test func explainWithoutAnalyzeOnlyPlans() async throws {
        let t = try await seeded()
        let explained = try await t.db.collection("rooms").order(by: "price", descending: true).limit(to: 2).explain()
        #expect(explained.snapshot == nil)
        #expect(explained.metrics.executionStats == nil)
        #expect(explained.metrics.planSummary.indexesUsed.map(\.properties) == ["(price DESC, __name__ DESC)"])
    }

    @Test func aggregateAndVectorQueriesExplainToo() async throws {
        let t = try await seeded()
        let rooms = t.db.collection("rooms").whereField("city", isEqualTo: "Madrid")
        let aggregate = try await rooms.aggregate([.count(), .sum("price")]).explain(options: ExplainOptions(analyze: true))
        #expect(aggregate.snapshot?.count == 4)
        #expect(aggregate.snapshot?.get(.sum("price")) as? Int == 0 + 30 + 60 + 90)
        #expect(aggregate.metrics.executionStats?.resultsReturned == 1)
        let nearest = rooms.findNearest(vectorField: "v", queryVector: [0, 0], limit: 2, distanceMeasure: .euclidean)
        let vector = try await nearest.explain(options: ExplainOptions(analyze: true))
        #expect(vector.snapshot?.documents.map(\.documentID) == ["r0", "r3"])
        #expect(vector.metrics.planSummary.indexesUsed.map(\.properties) == ["(city ASC, __name__ ASC)"])
    }

    @Test func collectionsAreListedAsTheyWereAtAReadTime() async throws {
        let t = try TestFirestore()
        let user = t.db.collection("users").document("u")
        try await user.collection("old").document("1").setData(["v": 1])
        try await user.collection("kept").document("1").setData(["v": 1])
        let then = try #require(try await user.collection("kept").document("1").getDocument().updateTime)
        try await user.collection("old").document("1").delete()
        try await user.collection("new").document("1").setData(["v": 1])
        #expect(try await user.listCollections().map(\.collectionID) == ["kept", "new"])
        #expect(try await user.listCollections(readTime: then).map(\.collectionID) == ["kept", "old"])
        #expect(try await t.db.listCollections(readTime: then).map(\.collectionID) == ["users"])
    }
}
