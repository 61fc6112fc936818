import Testing
@testable import HearthCore

@Suite("Aggregations: count, sum, avg with Firestore's typing rules")
struct AggregationTests {
    func run(_ docs: [[String: Value]], _ aggregations: [Aggregation], filter: QueryFilter? = nil, limit: Int? = nil) async throws -> [String: Value] {
        let t = try TestEngine()
        try await t.commit(try docs.enumerated().map { .set(try t.key("c/d\($0.offset)"), fields: $0.element) })
        return try t.engine.runAggregation(
            StructuredQuery(collectionID: "c", filter: filter, limit: limit), aggregations: aggregations, in: t.database)
    }

    @Test func sumOfIntegersStaysIntegerAndSkipsNonNumbers() async throws {
        let result = try await run([["x": 1], ["x": 2], ["x": "3"], ["x": .null], ["y": 5]], [Aggregation(.sum(.p("x"))), Aggregation(.count(upTo: nil))])
        #expect(result["field_1"] == 3)
        #expect(result["field_2"] == 4, "documents with a non-numeric x still count; the one without x does not")
    }

    @Test func sumOverflowingInt64BecomesDouble() async throws {
        let result = try await run([["x": .integer(.max)], ["x": 1]], [Aggregation(.sum(.p("x")), alias: "s")])
        #expect(result["s"] == .double(Double(Int64.max) + 1))
    }

    @Test func intermediateOverflowIsTolerated() async throws {
        let result = try await run([["x": .integer(.max)], ["x": 1], ["x": -101]], [Aggregation(.sum(.p("x")), alias: "s")])
        #expect(result["s"] == .integer(Int64.max - 100))
    }

    @Test func anyDoubleMakesTheSumADoubleAndNaNPropagates() async throws {
        #expect(try await run([["x": 1], ["x": 0.5]], [Aggregation(.sum(.p("x")))])["field_1"] == 1.5)
        #expect(try await run([["x": 1], ["x": .double(.nan)]], [Aggregation(.sum(.p("x")))])["field_1"]?.isNaN == true)
    }

    @Test func averageIsDoubleAndNullOverNothing() async throws {
        #expect(try await run([["x": 1], ["x": 2]], [Aggregation(.average(.p("x")))])["field_1"] == 1.5)
        #expect(try await run([["x": "a"]], [Aggregation(.average(.p("x")))])["field_1"] == .null)
        #expect(try await run([], [Aggregation(.sum(.p("x"))), Aggregation(.average(.p("x"))), Aggregation(.count(upTo: nil))]) == [
            "field_1": 0, "field_2": .null, "field_3": 0,
        ])
    }

    @Test func countRespectsFiltersLimitAndUpTo() async throws {
        let docs: [[String: Value]] = (0..<10).map { ["n": .integer(Int64($0))] }
        #expect(try await run(docs, [Aggregation(.count(upTo: nil))], filter: .field(.p("n"), .greaterThanOrEqual, 4))["field_1"] == 6)
        #expect(try await run(docs, [Aggregation(.count(upTo: nil))], limit: 3)["field_1"] == 3)
        #expect(try await run(docs, [Aggregation(.count(upTo: 7))])["field_1"] == 7)
    }

    @Test func invalidAggregationRequests() async throws {
        let t = try TestEngine()
        let query = StructuredQuery(collectionID: "c")
        await expectError(.invalidArgument) { _ = try t.engine.runAggregation(query, aggregations: [], in: t.database) }
        await expectError(.invalidArgument) {
            _ = try t.engine.runAggregation(query, aggregations: Array(repeating: Aggregation(.count(upTo: nil)), count: 6), in: t.database)
        }
        await expectError(.invalidArgument) {
            _ = try t.engine.runAggregation(
                query, aggregations: [Aggregation(.count(upTo: nil), alias: "a"), Aggregation(.sum(.p("x")), alias: "a")], in: t.database)
        }
        await expectError(.invalidArgument) { _ = try t.engine.runAggregation(query, aggregations: [Aggregation(.count(upTo: 0))], in: t.database) }
    }
}
