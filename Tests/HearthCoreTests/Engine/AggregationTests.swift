import Testing
@testable import HearthCore

@Suite("Aggregations: count, sum, avg with Firestore's typing rules")
struct AggregationTests {
    func run(_ docs: [[String: Value]], _ aggregations: [Aggregation], filter: QueryFilter? = nil, limit: Int? = nil) async throws -> [String: Value] {
        let t = try TestEngine()
        try await t.commit(try docs.enumerated().map { .set(try t.key("c/d\($0.offset)"), fields: $0.element) })
        return try await t.engine.runAggregation(
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

    /// Expects the aggregation request to fail with INVALID_ARGUMENT and exactly `message`.
    private func expectInvalid(_ aggregations: [Aggregation], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let t = try TestEngine()
        do {
            _ = try t.engine.runAggregation(StructuredQuery(collectionID: "c"), aggregations: aggregations, in: t.database)
            Issue.record("accepted \(aggregations)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .invalidArgument, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
        }
    }

    @Test func invalidAggregationRequestsGetFirestoresMessages() throws {
        try expectInvalid([], "Aggregations can not be empty.")
        try expectInvalid(
            Array(repeating: Aggregation(.count(upTo: nil)), count: 6),
            "The maximum number of aggregations allowed in an aggregation query is 5. Received: 6")
        try expectInvalid(
            [Aggregation(.count(upTo: nil), alias: "total"), Aggregation(.sum(.p("x")), alias: "total")],
            "Aggregation aliases contain duplicate alias: total.")
        try expectInvalid(
            [Aggregation(.count(upTo: nil), alias: "field_1"), Aggregation(.count(upTo: nil))],
            "Aggregation aliases contain duplicate alias: field_1.")
        try expectInvalid([Aggregation(.count(upTo: nil), alias: "__total__")], "The property.name \"__total__\" is reserved.")
        try expectInvalid(
            [Aggregation(.count(upTo: -1))], "The `up_to` value in a COUNT aggregation must be greater than or equal to zero.")
        try expectInvalid([Aggregation(.sum(.documentID))], "Aggregations are not supported for the property: __key__")
        try expectInvalid([Aggregation(.average(.documentID))], "Aggregations are not supported for the property: __key__")
    }

    @Test func unnamedAggregationsAreNumberedAmongTheUnnamedOnly() async throws {
        let result = try await run(
            [["x": 1], ["x": 2]],
            [Aggregation(.count(upTo: 1), alias: "capped"), Aggregation(.count(upTo: nil)), Aggregation(.sum(.p("x")), alias: "s"), Aggregation(.average(.p("x")))])
        #expect(result == ["capped": 1, "field_1": 2, "s": 3, "field_2": 1.5])
    }

    @Test func countUpToZeroIsZero() async throws {
        #expect(try await run([["x": 1]], [Aggregation(.count(upTo: 0))])["field_1"] == 0)
    }

    /// 25 documents with `stats.product = a·b` for a, b in 0…4 (nine zeros), plus `a`, `b` and a
    /// parity tag, under ids whose name order is unrelated to the product.
    private func products() -> [[String: Value]] {
        var docs: [[String: Value]] = []
        for a in 0..<5 {
            for b in 0..<5 {
                docs.append([
                    "stats": .map(["product": .integer(Int64(a * b))]), "a": .integer(Int64(a)), "b": .integer(Int64(b)),
                    "even": .boolean((a * b) % 2 == 0),
                ])
            }
        }
        return docs.reversed()  // d0 has the largest product: a name-order limit would pick the big ones
    }

    @Test func sumAndAverageTakeTheSmallestValuesUnderALimit() async throws {
        let result = try await run(products(), [Aggregation(.sum(.p("stats.product")), alias: "s"), Aggregation(.average(.p("stats.product")), alias: "a")], limit: 12)
        // The 12 smallest products: nine zeros, 1, 2, 2.
        #expect(result["s"] == 5)
        #expect(result["a"] == .double(5.0 / 12.0))
    }

    @Test func countBesideASumCountsTheSameSmallestDocuments() async throws {
        var docs = products()
        docs.append(["a": 9])  // no stats.product: excluded from every aggregation of the request
        let result = try await run(docs, [Aggregation(.count(upTo: nil), alias: "n"), Aggregation(.sum(.p("stats.product")), alias: "s")], limit: 12)
        #expect(result == ["n": 12, "s": 5])
        let unlimited = try await run(docs, [Aggregation(.count(upTo: nil), alias: "n"), Aggregation(.sum(.p("stats.product")), alias: "s")])
        #expect(unlimited == ["n": 25, "s": 100])
        // Count alone counts every document the query selects, the one without the field too.
        #expect(try await run(docs, [Aggregation(.count(upTo: nil))], limit: 30)["field_1"] == 26)
    }

    @Test func twoAggregatedFieldsOrderByTheFirstThenTheSecond() async throws {
        // sum(a) with avg(b) over limit 7: order (a, b, name) takes a=0 (5 docs, b=0…4) then a=1, b=0 and 1.
        let result = try await run(products(), [Aggregation(.sum(.p("a")), alias: "sa"), Aggregation(.average(.p("b")), alias: "ab")], limit: 7)
        #expect(result["sa"] == 2)
        #expect(result["ab"] == .double(Double(0 + 1 + 2 + 3 + 4 + 0 + 1) / 7))
    }

    @Test func aFilterOnAnotherFieldKeepsTheAggregatedFieldsOrder() async throws {
        // Odd products are 1, 3, 3, 9 (a, b odd); limit 3 keeps 1, 3, 3.
        let odd = QueryFilter.field(.p("even"), .equal, false)
        let result = try await run(products(), [Aggregation(.sum(.p("stats.product")), alias: "s")], filter: odd, limit: 3)
        #expect(result["s"] == 7)
        // An inequality on another field orders by it first: b > 2 leaves b = 3, 4; limit 5 takes
        // b = 3 (products 0, 3, 6, 9, 12 ordered by product) — sum 30.
        let ranged = QueryFilter.field(.p("b"), .greaterThan, 2)
        #expect(try await run(products(), [Aggregation(.sum(.p("stats.product")), alias: "s")], filter: ranged, limit: 5)["s"] == 30)
    }
}
