import Testing
@testable import HearthCore

@Suite("Vector search: find_nearest over a query's documents")
struct VectorSearchTests {
    static func vector(_ numbers: [Double]) -> Value {
        .map(["__type__": "__vector__", "value": .array(numbers.map { .double($0) })])
    }

    /// Seeds `c` with the given vectors (and one non-vector, one of another dimension) and runs `search`.
    func run(_ search: VectorSearch, filter: QueryFilter? = nil, projection: [FieldPath]? = nil) async throws -> [Document] {
        let t = try TestEngine()
        let seeds: [(String, Value, String)] = [
            ("origin", Self.vector([0, 0]), "a"), ("east", Self.vector([3, 0]), "b"), ("north", Self.vector([0, 1]), "a"),
            ("far", Self.vector([10, 10]), "a"), ("flat", .array([0, 0]), "a"), ("cube", Self.vector([0, 0, 0]), "a"),
        ]
        try await t.commit(try seeds.map { .set(try t.key("c/\($0.0)"), fields: ["v": $0.1, "kind": .string($0.2)]) })
        return try await t.engine.runQuery(
            StructuredQuery(collectionID: "c", filter: filter, projection: projection, findNearest: search), in: t.database)
    }

    @Test func euclideanClosestFirstSkippingOtherDimensionsAndNonVectors() async throws {
        let results = try await run(VectorSearch(
            field: .p("v"), queryVector: [0, 0], measure: .euclidean, limit: 10, distanceResultField: .p("d")))
        #expect(results.map(\.key.documentID) == ["origin", "north", "east", "far"])
        #expect(results.map { $0.fields["d"] } == [.double(0), .double(1), .double(3), .double(200.0.squareRoot())])
    }

    @Test func dotProductLargestFirstWithThresholdAtLeast() async throws {
        let results = try await run(VectorSearch(
            field: .p("v"), queryVector: [1, 1], measure: .dotProduct, limit: 10, distanceThreshold: 1))
        #expect(results.map(\.key.documentID) == ["far", "east", "north"])
    }

    @Test func cosineSkipsTheZeroVectorAndHonoursTheFilterAndLimit() async throws {
        let results = try await run(
            VectorSearch(field: .p("v"), queryVector: [1, 0], measure: .cosine, limit: 1),
            filter: .field(.p("kind"), .equal, "a"))
        #expect(results.map(\.key.documentID) == ["far"], "origin has no direction; east is filtered out")
    }

    @Test func projectionKeepsTheDistanceField() async throws {
        let results = try await run(
            VectorSearch(field: .p("v"), queryVector: [3, 0], measure: .euclidean, limit: 1, distanceResultField: .p("d")),
            projection: [.p("kind")])
        #expect(results.first?.fields == ["kind": "b", "d": .double(0)])
    }

    @Test func invalidSearchesAreRejected() async throws {
        for search in [
            VectorSearch(field: .p("v"), queryVector: [], measure: .euclidean, limit: 1),
            VectorSearch(field: .p("v"), queryVector: [1], measure: .euclidean, limit: 0),
            VectorSearch(field: .p("v"), queryVector: [1], measure: .euclidean, limit: 1_001),
            VectorSearch(field: .documentID, queryVector: [1], measure: .euclidean, limit: 1),
        ] {
            await #expect(throws: FirestoreError.self) { _ = try await run(search) }
        }
    }

    @Test func aggregationsAndListenersRefuseAVectorSearch() throws {
        let t = try TestEngine()
        let query = StructuredQuery(
            collectionID: "c", findNearest: VectorSearch(field: .p("v"), queryVector: [1], measure: .euclidean, limit: 1))
        #expect(throws: FirestoreError.self) {
            _ = try t.engine.runAggregation(query, aggregations: [Aggregation(.count(upTo: nil))], in: t.database)
        }
        #expect(throws: FirestoreError.self) { _ = try t.engine.listen(query, in: t.database) { _ in } }
    }
}
