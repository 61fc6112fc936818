import Testing
@testable import HearthCore

/// Variables (`define`), lambdas (`array_filter`, `array_transform`) and subqueries (`array`,
/// `scalar`, `subcollection`) in the engine.
@Suite("Pipeline variables and subqueries")
struct PipelineSubqueryTests {
    static func field(_ name: String) -> PipelineExpression { .field(FieldPath(uncheckedSegments: [name])) }
    static func collection(_ path: String) -> PipelineStage {
        .collection(ResourcePath(uncheckedSegments: path.split(separator: "/").map(String.init)))
    }

    static func shelf() async throws -> TestEngine {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        try await t.commit([
            .set(try t.key("books/emma"), fields: ["title": .string("Emma"), "tags": .array([.string("a"), .integer(2)])]),
            .set(try t.key("books/hobbit"), fields: ["title": .string("Hobbit"), "tags": .string("not an array")]),
            .set(try t.key("books/emma/reviews/r1"), fields: ["rating": .integer(4)]),
            .set(try t.key("books/emma/reviews/r2"), fields: ["rating": .integer(2)]),
        ])
        return t
    }

    @Test func lambdasBindTheElementAndKeepNonArraysApart() async throws {
        let t = try await Self.shelf()
        func select(_ title: String, _ projections: [String: PipelineExpression]) async throws -> [[String: Value]] {
            try await t.engine.executePipeline(Pipeline(stages: [
                Self.collection("books"), .where(.function("equal", [Self.field("title"), .constant(.string(title))])),
                .select(projections),
            ]), in: t.database).map(\.fields)
        }
        let strings = PipelineExpression.function("array_filter", [
            Self.field("tags"), .constant(.string("x")), .function("is_type", [.variable("x"), .constant(.string("string"))]),
        ])
        let indexes = PipelineExpression.function("array_transform", [
            Self.field("tags"), .constant(.string("x")), .constant(.string("i")), .variable("i"),
        ])
        #expect(try await select("Emma", ["strings": strings, "indexes": indexes]) == [
            ["strings": .array([.string("a")]), "indexes": .array([.integer(0), .integer(1)])],
        ])
        #expect(try await select("Hobbit", ["bad": .function("is_error", [strings]), "absent": .function("is_absent", [
            .function("array_filter", [Self.field("missing"), .constant(.string("x")), .constant(.boolean(true))]),
        ])]) == [["bad": .boolean(true), "absent": .boolean(true)]])
    }

    @Test func subqueriesReadPerOuterRow() async throws {
        let t = try await Self.shelf()
        let reviews = Pipeline(stages: [
            .subcollection("reviews"),
            .aggregate(accumulators: ["total": PipelineAggregate(name: "sum", argument: Self.field("rating"))], groups: [:]),
        ])
        let titles = Pipeline(stages: [
            Self.collection("books"),
            .where(.function("equal", [Self.field("title"), .variable("wanted")])),
            .select(["t": Self.field("title")]),
        ])
        let rows = try await t.engine.executePipeline(Pipeline(stages: [
            Self.collection("books"),
            .define(["wanted": Self.field("title")]),
            .addFields([
                "total": .function("scalar", [.pipeline(reviews)]),
                "same": .function("array", [.pipeline(titles)]),
            ]),
            .sort([PipelineOrdering(expression: Self.field("title"), descending: false)]),
            .select(["total": Self.field("total"), "same": Self.field("same")]),
        ]), in: t.database)
        #expect(rows.map(\.fields) == [
            // Rows of one field each give their values.
            ["total": .integer(6), "same": .array([.string("Emma")])],
            ["total": .null, "same": .array([.string("Hobbit")])],
        ])
    }

    @Test func misusedVariablesAndSubqueriesAreRefused() async throws {
        let t = try await Self.shelf()
        func code(_ stages: [PipelineStage]) async -> FirestoreError.Code? {
            do {
                _ = try await t.engine.executePipeline(Pipeline(stages: stages), in: t.database)
                return nil
            } catch { return error.code }
        }
        #expect(await code([Self.collection("books"), .where(.variable("nobody"))]) == .invalidArgument)
        #expect(await code([.subcollection("reviews")]) == .invalidArgument)
        let all = Pipeline(stages: [Self.collection("books")])
        #expect(await code([Self.collection("books"), .addFields(["x": .pipeline(all)])]) == .invalidArgument)
        // A scalar subquery with two rows is an error: a projection of it fails.
        #expect(await code([Self.collection("books"), .addFields(["x": .function("scalar", [.pipeline(all)])])]) == .invalidArgument)
        // A subcollection subquery under rows that are no documents.
        let under = Pipeline(stages: [.subcollection("reviews")])
        #expect(await code([.literals([["a": .constant(.integer(1))]]), .select(["r": .function("array", [.pipeline(under)])])])
            == .invalidArgument)
    }

    @Test func documentTimesAreFieldsOfDocumentRows() async throws {
        let t = try await Self.shelf()
        let stored = try #require(try await t.engine.getDocument(try t.key("books/emma"), in: t.database))
        let rows = try await t.engine.executePipeline(Pipeline(stages: [
            .documents([try t.key("books/emma")]),
            .select(["created": Self.field("__create_time__"), "updated": Self.field("__update_time__")]),
        ]), in: t.database)
        #expect(rows.map(\.fields) == [["created": .timestamp(stored.createTime), "updated": .timestamp(stored.updateTime)]])
    }
}
