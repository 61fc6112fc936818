import Testing
@testable import HearthCore

/// BSON values on the commit path: accepted where the database is Enterprise edition (sets,
/// updates, array transforms, in batches), refused on Standard ones with today's message, and
/// summed alike whether a sum reads documents or index entries.
@Suite("BSON values through commits")
struct BSONCommitTests {
    static func path(_ text: String) -> FieldPath { FieldPath(uncheckedSegments: [text]) }

    static func enterprise() async throws -> TestEngine {
        let t = try TestEngine()
        try await t.engine.setEdition(.enterprise, project: nil, database: t.database.database)
        return t
    }

    @Test func anEnterpriseDatabaseStoresEveryBSONType() async throws {
        let t = try await Self.enterprise()
        let fields: [String: Value] = [
            "min": BSON.minKey, "max": BSON.maxKey, "oid": BSON.objectID("507f191e810c19729de860ea"),
            "int": BSON.int32(-7), "dec": BSON.decimal("1.5e-3"), "re": BSON.regex("^a", "i"),
            "ts": BSON.timestamp(1, 2), "bin": BSON.binary(4, [1, 2]), "deep": .array([.map(["x": BSON.int32(1)])]),
        ]
        try await t.commit([.set(try t.key("c/d"), fields: fields)])
        #expect(try await t.engine.getDocument(try t.key("c/d"), in: t.database)?.fields == fields)
    }

    @Test func aStandardDatabaseRefusesThemAndWritesNothingOfTheBatch() async throws {
        let t = try TestEngine()
        await #expect(throws: FirestoreError.self) {
            try await t.commit([
                .set(try t.key("c/ok"), fields: ["n": .integer(1)]),
                .set(try t.key("c/bad"), fields: ["n": BSON.int32(1)]),
            ])
        }
        do {
            try await t.commit([.set(try t.key("c/bad"), fields: ["n": BSON.int32(1)])])
            Issue.record("a Standard database accepted an Int32")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("Field names must not begin and end with \"__\""))
        }
        #expect(try await t.engine.getDocument(try t.key("c/ok"), in: t.database) == nil)
    }

    @Test func arrayTransformsAndUpdatesTakeBSONValuesOnlyOnEnterprise() async throws {
        let union = FieldTransform(Self.path("tags"), .appendMissingElements([BSON.objectID("aaaaaaaaaaaaaaaaaaaaaaaa")]))
        let t = try await Self.enterprise()
        try await t.commit([.set(try t.key("c/d"), fields: [:], transforms: [union])])
        try await t.commit([.update(try t.key("c/d"), fields: ["n": BSON.decimal("2")], mask: [Self.path("n")])])
        let stored = try await t.engine.getDocument(try t.key("c/d"), in: t.database)?.fields
        #expect(stored == ["tags": .array([BSON.objectID("aaaaaaaaaaaaaaaaaaaaaaaa")]), "n": BSON.decimal("2")])

        let standard = try TestEngine()
        await #expect(throws: FirestoreError.self) {
            try await standard.commit([.set(try standard.key("c/d"), fields: [:], transforms: [union])])
        }
    }

    @Test func malformedBSONIsRefusedEvenOnEnterprise() async throws {
        let t = try await Self.enterprise()
        do {
            try await t.commit([.set(try t.key("c/d"), fields: ["n": BSON.int32(1 << 31)])])
            Issue.record("an out-of-range Int32 was stored")
        } catch {
            #expect(error.message == "The field '__int__' value (2,147,483,648) is too large to be converted to a 32-bit integer (found in field n).")
        }
    }

    @Test func sumsAgreeBetweenDocumentsAndIndexEntries() async throws {
        let t = try await Self.enterprise()
        try await t.commit([
            .set(try t.key("c/a"), fields: ["n": BSON.int32(2), "k": .string("x")]),
            .set(try t.key("c/b"), fields: ["n": .integer(3), "k": .string("x")]),
            .set(try t.key("c/c"), fields: ["n": BSON.decimal("0.25"), "k": .string("y")]),
            .set(try t.key("c/e"), fields: ["n": BSON.decimal("9007199254740993"), "k": .string("z")]),
        ])
        func sum(_ filter: QueryFilter?) throws -> Value? {
            var query = StructuredQuery(collectionID: "c")
            query.filter = filter
            return try t.engine.runAggregation(query, aggregations: [Aggregation(.sum(Self.path("n")), alias: "s")], in: t.database)["s"]
        }
        let integers = try sum(.field(Self.path("k"), .equal, .string("x")))
        #expect(integers == .integer(5))
        let everything = try sum(nil)
        let ranged = try sum(.field(Self.path("n"), .greaterThan, .integer(0)))
        // Integers are summed exactly, the decimals as their nearest doubles (2^53 + 1 → 2^53).
        #expect(everything == .double(5 + (0.25 + 0x1p53)))
        #expect(ranged == everything)
    }
}
