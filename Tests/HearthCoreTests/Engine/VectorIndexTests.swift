import Testing
@testable import HearthCore

/// Vector indexes declared in `firestore.indexes.json`: parsed, named by Query Explain as
/// production names them, and required by `requireIndexes`.
@Suite("Vector indexes")
struct VectorIndexTests {
    static let indexesJSON = """
        {"indexes": [
          {"collectionGroup": "docs", "queryScope": "COLLECTION", "fields": [
            {"fieldPath": "color", "order": "ASCENDING"},
            {"fieldPath": "embedding", "vectorConfig": {"dimension": 2, "flat": {}}}]},
          {"collectionGroup": "docs", "queryScope": "COLLECTION", "fields": [
            {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "b", "order": "DESCENDING"}]}
        ]}
        """

    private func engine() async throws -> TestEngine {
        let t = try TestEngine(options: EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: Self.indexesJSON),
            requireIndexes: true))
        try await t.commit([
            .set(try t.key("docs/r"), fields: ["color": "red", "embedding": VectorSearchTests.vector([1, 1])]),
            .set(try t.key("docs/b"), fields: ["color": "blue", "embedding": VectorSearchTests.vector([1, 1])]),
        ])
        return t
    }

    private func search(_ dimension: Int) -> VectorSearch {
        VectorSearch(field: .p("embedding"), queryVector: Array(repeating: 1, count: dimension), measure: .euclidean, limit: 5)
    }

    @Test func theFileDeclaresVectorAndCompositeIndexesApart() throws {
        let configuration = try IndexConfiguration(json: Self.indexesJSON)
        #expect(configuration.indexes.count == 1)
        #expect(configuration.vectorIndexes == [VectorIndexDefinition(
            collectionGroup: "docs", queryScope: .collection, fields: [IndexDefinition.Field(.p("color"), .ascending)],
            vectorField: .p("embedding"), dimension: 2)])
        #expect(configuration.vectorIndexes.first?.explainProperties == "(color ASC, __name__ ASC, embedding VECTOR<2>)")
    }

    @Test(arguments: [
        #"{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"v","vectorConfig":{"dimension":0,"flat":{}}}]}]}"#,
        #"{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"v","vectorConfig":{"dimension":3}}]}]}"#,
        #"{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"v","vectorConfig":{"dimension":3,"flat":{}}},{"fieldPath":"a","order":"ASCENDING"}]}]}"#,
        #"{"indexes":[{"collectionGroup":"c","fields":[{"fieldPath":"v","order":"ASCENDING","vectorConfig":{"dimension":3,"flat":{}}}]}]}"#,
    ])
    func malformedVectorEntriesAreRefused(json: String) {
        #expect(throws: FirestoreError.self) { try IndexConfiguration(json: json) }
    }

    @Test func explainNamesTheServingVectorIndex() async throws {
        let t = try await engine()
        let query = StructuredQuery(collectionID: "docs", filter: .field(.p("color"), .equal, "red"), findNearest: search(2))
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true))
        #expect(documents.map(\.key.documentID) == ["r"])
        #expect(metrics.planSummary.indexesUsed == [
            IndexUsed(queryScope: "Collection", properties: "(color ASC, __name__ ASC, embedding VECTOR<2>)")])
        let (_, planOnly) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions())
        #expect(planOnly.planSummary == metrics.planSummary)
    }

    @Test func requireIndexesRefusesAVectorQueryNoIndexServes() async throws {
        let t = try await engine()
        for query in [
            StructuredQuery(collectionID: "docs", findNearest: search(2)),  // no pre-filter: another index
            StructuredQuery(collectionID: "docs", filter: .field(.p("color"), .equal, "red"), findNearest: search(3)),
            StructuredQuery(parent: .root, collectionID: "docs", allDescendants: true,
                            filter: .field(.p("color"), .equal, "red"), findNearest: search(2)),
        ] {
            #expect {
                try t.engine.runQuery(query, in: t.database)
            } throws: { error in
                guard let error = error as? FirestoreError else { return false }
                return error.code == .failedPrecondition
                    && error.message.hasPrefix("Missing vector index configuration. Please create the required index with the following gcloud command: gcloud firestore indexes composite create --project=test-project --collection-group=docs --query-scope=")
            }
        }
        let missing = try? await t.engine.runQuery(
            StructuredQuery(collectionID: "docs", filter: .field(.p("color"), .equal, "red"), findNearest: search(3)), in: t.database)
        #expect(missing == nil)
    }
}
