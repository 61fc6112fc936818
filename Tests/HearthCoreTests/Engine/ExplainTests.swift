import Testing
@testable import HearthCore

@Suite("Query Explain: the plan summary and the executor's own counts")
struct ExplainTests {
    private static let composite = """
        { "indexes": [ { "collectionGroup": "cities", "queryScope": "COLLECTION",
            "fields": [ { "fieldPath": "country", "order": "ASCENDING" },
                        { "fieldPath": "population", "order": "DESCENDING" } ] } ] }
        """

    private func seed(_ t: TestEngine, count: Int = 60) async throws {
        try await t.commit(try (0..<count).map { index in
            .set(try t.key("cities/c\(index)"), fields: [
                "country": .string(["USA", "ES", "JP"][index % 3]), "population": .integer(Int64(index * 37 % 1_000)),
            ])
        })
    }

    private func properties(_ metrics: ExplainMetrics) -> [String] { metrics.planSummary.indexesUsed.map(\.properties) }

    @Test func anEqualityReadsTheFieldsSingleFieldIndex() async throws {
        let t = try TestEngine()
        try await seed(t)
        let query = StructuredQuery(collectionID: "cities", filter: .field(.p("country"), .equal, "ES"))
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true))
        #expect(metrics.planSummary.indexesUsed == [IndexUsed(queryScope: "Collection", properties: "(country ASC, __name__ ASC)")])
        let stats = try #require(metrics.executionStats)
        #expect(documents.count == 20)
        #expect(stats.resultsReturned == 20)
        #expect(stats.readOperations == 20)
        // The counts are the executor's own, as the internal explanation reports them.
        let explanation = try t.engine.explain(query, in: t.database)
        #expect(stats.debugStats.documentsScanned == explanation.stats.documentsScanned)
        #expect(stats.debugStats.indexEntriesScanned == explanation.stats.indexEntriesScanned)
        #expect(stats.debugStats.documentsScanned == 20)
    }

    @Test func withoutAnalyzeOnlyThePlanComesBack() async throws {
        let t = try TestEngine()
        try await seed(t)
        let query = StructuredQuery(collectionID: "cities", orderBy: [QueryOrder(.p("population"), descending: true)], limit: 3)
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions())
        #expect(documents.isEmpty)
        #expect(metrics.executionStats == nil)
        #expect(properties(metrics) == ["(population DESC, __name__ DESC)"])
    }

    @Test func aCompositeIndexIsReportedWithItsFields() async throws {
        let options = EngineOptions(durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: Self.composite))
        let t = try TestEngine(options: options)
        try await seed(t)
        let query = StructuredQuery(
            collectionID: "cities", filter: .field(.p("country"), .equal, "USA"),
            orderBy: [QueryOrder(.p("population"), descending: true)], limit: 5)
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true))
        #expect(documents.count == 5)
        #expect(properties(metrics) == ["(country ASC, population DESC, __name__ DESC)"])
        #expect(metrics.executionStats?.debugStats.documentsScanned == 5)
    }

    @Test func twoEqualitiesWithoutACompositeReadTwoIndexes() async throws {
        let t = try TestEngine()
        try await seed(t)
        let query = StructuredQuery(collectionID: "cities", filter: .composite(.and, [
            .field(.p("country"), .equal, "ES"), .field(.p("population"), .equal, 0),
        ]))
        let metrics = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions()).metrics
        #expect(Set(properties(metrics)) == ["(country ASC, __name__ ASC)", "(population ASC, __name__ ASC)"])
    }

    @Test func aCollectionGroupQueryHasItsScope() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("a/1/cities/x"), fields: ["n": 1]), .set(try t.key("b/2/cities/y"), fields: ["n": 2])])
        let query = StructuredQuery(collectionID: "cities", allDescendants: true, filter: .field(.p("n"), .greaterThan, 0))
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true))
        #expect(documents.count == 2)
        // Group-scope single-field indexes are kept only where an override asks (as in production),
        // so the group's name entries are read and the filter applied to each document.
        #expect(metrics.planSummary.indexesUsed == [IndexUsed(queryScope: "Collection group", properties: "(__name__ ASC)")])
        #expect(metrics.executionStats?.debugStats.documentsScanned == 2)
    }

    @Test func anAggregationReportsOneResultAndBillsIndexEntries() async throws {
        let t = try TestEngine()
        try await seed(t)
        let query = StructuredQuery(collectionID: "cities", filter: .field(.p("country"), .equal, "JP"))
        let (results, metrics) = try await t.engine.explainAggregation(
            query, aggregations: [Aggregation(.count(upTo: nil), alias: "n")], in: t.database, options: ExplainOptions(analyze: true))
        #expect(results == ["n": 20])
        let stats = try #require(metrics.executionStats)
        #expect(stats.resultsReturned == 1)
        #expect(stats.readOperations == 1)
        #expect(stats.debugStats.documentsScanned == 0, "a count is answered from index entries")
        #expect(stats.debugStats.indexEntriesScanned >= 20)
        #expect(properties(metrics) == ["(country ASC, __name__ ASC)"])
        let planned = try await t.engine.explainAggregation(
            query, aggregations: [Aggregation(.sum(.p("population")))], in: t.database, options: ExplainOptions())
        #expect(planned.results == nil)
        #expect(planned.metrics.executionStats == nil)
    }

    @Test func aQueryThatReturnsNothingCostsOneRead() async throws {
        let t = try TestEngine()
        try await seed(t)
        let query = StructuredQuery(collectionID: "cities", filter: .field(.p("country"), .equal, "FR"))
        let stats = try await #require(try t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true)).metrics.executionStats)
        #expect(stats.resultsReturned == 0)
        #expect(stats.readOperations == 1)
        #expect(stats.debugStats.billingDetails.minQueryCost == 1)
    }

    @Test func requireIndexesRefusesAnExplainLackingItsCompositeIndex() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, requireIndexes: true))
        try await seed(t)
        let query = StructuredQuery(
            collectionID: "cities", filter: .field(.p("country"), .equal, "USA"),
            orderBy: [QueryOrder(.p("population"), descending: true)])
        for analyze in [false, true] {
            do {
                _ = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: analyze))
                Issue.record("explain without the composite index must fail")
            } catch {
                #expect(error.code == .failedPrecondition)
                #expect(error.message.contains("population"), "\(error.message)")
            }
        }
    }

    @Test func anIndexedLimitReadsNoMoreThanItReturnsAtOneHundredThousandDocuments() async throws {
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 512 << 20))
        for batch in 0..<20 {
            try await t.commit(try (0..<5_000).map { index in
                let n = batch * 5_000 + index
                return .set(try t.key("big/d\(n)"), fields: ["n": .integer(Int64(n)), "tag": .string(n % 2 == 0 ? "even" : "odd")])
            })
        }
        try await t.engine.catchUpIndex()
        let query = StructuredQuery(collectionID: "big", filter: .field(.p("tag"), .equal, "odd"), limit: 20)
        let (documents, metrics) = try await t.engine.explainQuery(query, in: t.database, options: ExplainOptions(analyze: true))
        #expect(documents.count == 20)
        let stats = try #require(metrics.executionStats)
        #expect(stats.debugStats.documentsScanned <= 21, "\(stats.debugStats)")
        #expect(properties(metrics) == ["(tag ASC, __name__ ASC)"])
    }
}
