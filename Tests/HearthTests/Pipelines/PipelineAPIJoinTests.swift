import Foundation
import Hearth
import Testing

/// The Swift API's DML, variables, subqueries, `findNearest` and `sample`.
@Suite("db.pipeline() joins, DML and vectors")
struct PipelineAPIJoinTests {
    static func library() async throws -> TestFirestore {
        let t = try TestFirestore()
        try await t.db.enableEnterpriseEdition()
        try await t.db.collection("authors").document("austen").setData(["id": "austen", "name": "Jane Austen"])
        try await t.db.collection("books").document("emma").setData(["author": "austen", "title": "Emma", "price": 12])
        try await t.db.collection("books").document("persuasion").setData(["author": "austen", "title": "Persuasion", "price": 9])
        try await t.db.collection("books").document("emma").collection("reviews").document("r1").setData(["rating": 5])
        try await t.db.collection("books").document("emma").collection("reviews").document("r2").setData(["rating": 3])
        return t
    }

    @Test func variablesAndSubqueriesJoinCollections() async throws {
        let t = try await Self.library()
        let titles = t.db.pipeline().collection("books")
            .where(Field("author").equal(Variable("who")))
            .sort([Field("title").ascending()])
            .select([Field("title")])
        let snapshot = try await t.db.pipeline().collection("authors")
            .define([Field("id").as("who")])
            .select([Field("name"), titles.toArrayExpression().as("books")])
            .execute()
        #expect(snapshot.results.count == 1)
        #expect(snapshot.results.first?.get("name") as? String == "Jane Austen")
        // Subquery rows of one field each come back as their values.
        #expect(snapshot.results.first?.get("books") as? [String] == ["Emma", "Persuasion"])

        let average = t.db.pipeline().subcollection("reviews").aggregate([Field("rating").average().as("avg")])
        let rated = try await t.db.pipeline().collection("books")
            .sort([Field("title").ascending()])
            .select([Field("title"), average.toScalarExpression().as("rating")])
            .execute()
        #expect(rated.results.map { $0.get("rating") as? Double } == [4.0, nil])
    }

    @Test func updateAndDeleteWriteThroughTheCommitPath() async throws {
        let t = try await Self.library()
        let updated = try await t.db.pipeline().collection("books")
            .where(Field("price").greaterThan(10))
            .update([Constant("sale").as("status")])
            .execute()
        #expect(updated.results.first?.get("documents_modified") as? Int == 1)
        let emma = try await t.db.collection("books").document("emma").getDocument()
        #expect(emma.get("status") as? String == "sale")
        let deleted = try await t.db.pipeline().collection("books").where(Field("price").lessThan(10)).delete().execute()
        #expect(deleted.results.first?.get("documents_modified") as? Int == 1)
        #expect(try await t.db.collection("books").document("persuasion").getDocument().exists == false)
    }

    @Test func findNearestAndSample() async throws {
        let t = try TestFirestore()
        try await t.db.enableEnterpriseEdition()
        for (id, vector) in [("a", [0.0, 0.0]), ("b", [3.0, 4.0]), ("c", [1.0, 0.0])] {
            try await t.db.collection("points").document(id).setData(["v": FieldValue.vector(vector)])
        }
        let nearest = try await t.db.pipeline().collection("points")
            .findNearest(Field("v"), vector: [0.0, 0.0], distanceMeasure: .euclidean, limit: 2, distanceField: "d")
            .execute()
        #expect(nearest.results.map(\.id) == ["a", "c"])
        #expect(nearest.results.map { $0.get("d") as? Double } == [0.0, 1.0])
        #expect(try await t.db.pipeline().collection("points").sample(count: 2).execute().results.count == 2)
        await #expect(throws: FirestoreError.self) { try await t.db.pipeline().collection("points").sample(percentage: 2).execute() }
    }
}
