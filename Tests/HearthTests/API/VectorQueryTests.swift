import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Vector search through the Swift API")
struct VectorQueryTests {
    @Test func vectorsRoundTripAndNearestComeFirst() async throws {
        let t = try TestFirestore()
        let items = t.db.collection("items")
        try await items.document("a").setData(["embedding": FieldValue.vector([0, 0]), "kind": "x"])
        try await items.document("b").setData(["embedding": FieldValue.vector([1, 0]), "kind": "y"])
        try await items.document("c").setData(["embedding": FieldValue.vector([5, 5]), "kind": "x"])

        let stored = try await items.document("b").getDocument()
        #expect(stored.get("embedding") as? VectorValue == VectorValue([1, 0]))

        let nearest = try await items.findNearest(
            vectorField: "embedding", queryVector: [4, 4], limit: 2, distanceMeasure: .euclidean,
            distanceResultField: "distance"
        ).getDocuments()
        #expect(nearest.documents.map(\.documentID) == ["c", "b"])
        #expect(nearest.documents.first?.get("distance") as? Double == 2.0.squareRoot())

        let filtered = try await items.whereField("kind", isEqualTo: "x").findNearest(
            vectorField: "embedding", queryVector: [1, 0], limit: 5, distanceMeasure: .dotProduct
        ).getDocuments()
        #expect(filtered.documents.map(\.documentID) == ["c", "a"])
    }

    @Test func invalidArgumentsAreReportedByGetDocuments() async throws {
        let t = try TestFirestore()
        let query = t.db.collection("items").findNearest(
            vectorField: "embedding", queryVector: [1], limit: 0, distanceMeasure: .cosine)
        await #expect(throws: FirestoreError.self) { _ = try await query.getDocuments() }
        let badField = t.db.collection("items").findNearest(
            vectorField: "", queryVector: [1], limit: 1, distanceMeasure: .cosine)
        await #expect(throws: FirestoreError.self) { _ = try await badField.getDocuments() }
    }

    struct Item: Codable, Equatable {
        var name: String
        var embedding: VectorValue
    }

    @Test func codableModelsStoreVectorsThatSearchFinds() async throws {
        let t = try TestFirestore()
        let items = t.db.collection("items")
        try await items.document("near").setData(from: Item(name: "near", embedding: VectorValue([1, 1])))
        try await items.document("far").setData(from: Item(name: "far", embedding: VectorValue([9, 9])))
        let found = try await items.findNearest(
            vectorField: "embedding", queryVector: [0, 0], limit: 1, distanceMeasure: .euclidean
        ).getDocuments()
        #expect(try found.documents.map { try $0.data(as: Item.self) } == [Item(name: "near", embedding: VectorValue([1, 1]))])
        let json = try JSONEncoder().encode(VectorValue([1, 2]))
        #expect(try JSONDecoder().decode(VectorValue.self, from: json) == VectorValue([1, 2]))
    }
}
