import Foundation
import LMDB
import Testing
@testable import HearthCore

/// Declared composite indexes (`firestore.indexes.json`): parsing, upkeep, plans, and
/// `requireIndexes` refusing what production refuses.
@Suite("Composite indexes")
struct CompositeIndexTests {
    static let cityByPopulation = """
        { "indexes": [ { "collectionGroup": "cities", "queryScope": "COLLECTION",
            "fields": [ { "fieldPath": "country", "order": "ASCENDING" },
                        { "fieldPath": "population", "order": "DESCENDING" } ] } ],
          "fieldOverrides": [ { "collectionGroup": "cities", "fieldPath": "name",
            "indexes": [ { "order": "ASCENDING", "queryScope": "COLLECTION_GROUP" } ] } ] }
        """

    private func options(_ json: String, require: Bool = false) throws -> EngineOptions {
        EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: json),
            requireIndexes: require)
    }

    private func seed(_ t: TestEngine) async throws {
        var writes: [Write] = []
        for index in 0..<200 {
            writes.append(.set(try t.key("cities/c\(index)"), fields: [
                "country": .string(["USA", "ES", "JP"][index % 3]), "population": .integer(Int64(index * 37 % 1_000)),
                "name": .string("city \(index)"),
            ]))
        }
        try await t.commit(writes)
    }

    private func entries(_ t: TestEngine) throws -> Int {
        try t.engine.environment.read { try $0.count(in: t.engine.store.tables.composite) }
    }

    private var byPopulation: StructuredQuery {
        StructuredQuery(
            collectionID: "cities", filter: .field(FieldPath(uncheckedSegments: ["country"]), .equal, .string("USA")),
            orderBy: [QueryOrder(FieldPath(uncheckedSegments: ["population"]), descending: true)], limit: 5)
    }

    @Test func parsesFirebasesFormat() throws {
        let configuration = try IndexConfiguration(json: Self.cityByPopulation)
        #expect(configuration.indexes.count == 1)
        #expect(configuration.indexes[0].fields.map(\.mode) == [.ascending, .descending])
        #expect(configuration.fieldOverrides[0].indexes == [.init(queryScope: .collectionGroup, mode: .ascending)])
        let reparsed = try IndexConfiguration(json: "{ \"indexes\": [ \(configuration.indexes[0].json) ] }")
        #expect(reparsed.indexes == configuration.indexes)
    }

    @Test(arguments: [
        "[]", "{ \"indexes\": {} }", "{ \"indexes\": [ { \"queryScope\": \"COLLECTION\", \"fields\": [] } ] }",
        "{ \"indexes\": [ { \"collectionGroup\": \"c\", \"fields\": [ { \"fieldPath\": \"a\", \"order\": \"UP\" }, { \"fieldPath\": \"b\", \"order\": \"ASCENDING\" } ] } ] }",
        "{ \"indexes\": [ { \"collectionGroup\": \"c\", \"fields\": [ { \"fieldPath\": \"a\", \"arrayConfig\": \"CONTAINS\" }, { \"fieldPath\": \"b\", \"arrayConfig\": \"CONTAINS\" } ] } ] }",
        "not json",
    ])
    func rejectsMalformedFiles(json: String) {
        #expect(throws: FirestoreError.self) { try IndexConfiguration(json: json) }
    }

    @Test(arguments: [
        ("{ \"indexes\": {} }", "indexes has the wrong type (expected a list)"),
        ("[]", "the file has the wrong type"),
        ("{ \"indexes\": [ { \"collectionGroup\": \"c\", \"fields\": [ { \"fieldPath\": \"a\", \"order\": \"UP\" }, { \"fieldPath\": \"b\", \"order\": \"ASCENDING\" } ] } ] }",
         "indexes[0].fields[0].order has an unknown value \"UP\""),
        ("{ \"fieldOverrides\": [ { \"collectionGroup\": \"c\", \"indexes\": [] } ] }",
         "fieldOverrides[0].fieldPath must be a non-empty string"),
        ("not json", "not valid JSON"),
    ])
    func errorsNameTheEntryAtFault(json: String, message: String) {
        do {
            _ = try IndexConfiguration(json: json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aMatchingCompositeAnswersInOrderAndStopsAtTheLimit() async throws {
        let t = try TestEngine(options: try options(Self.cityByPopulation))
        try await seed(t)
        #expect(try entries(t) == 200)
        let explanation = try t.engine.explain(byPopulation, in: t.database)
        #expect(explanation.plan.description == "CompositeScan(cities (country ASC, population DESC, __name__ DESC)) → limit 5")
        #expect(explanation.stats.documentsScanned == 5)
        let results = try await t.engine.runQuery(byPopulation, in: t.database)
        let all = try await t.engine.runQuery(StructuredQuery(collectionID: "cities"), in: t.database)
        let expected = all.filter { $0.fields["country"] == .string("USA") }
            .sorted { Value.compare($0.fields["population"] ?? .null, $1.fields["population"] ?? .null) > 0 }
            .prefix(5)
        #expect(results.map(\.key) == expected.map(\.key))
        var ranged = byPopulation
        ranged.filter = .composite(.and, [
            .field(FieldPath(uncheckedSegments: ["country"]), .equal, .string("USA")),
            .field(FieldPath(uncheckedSegments: ["population"]), .lessThan, .integer(500)),
        ])
        let rangedResults = try await t.engine.runQuery(ranged, in: t.database)
        #expect(try t.engine.explain(ranged, in: t.database).plan.description == explanation.plan.description)
        #expect(rangedResults.count == 5)
        #expect(rangedResults.allSatisfy { Value.compare($0.fields["population"] ?? .null, .integer(500)) < 0 })
    }

    @Test func entriesFollowTheConfigurationAcrossReopens() async throws {
        let t = try TestEngine()
        try await seed(t)
        #expect(try entries(t) == 0)
        try t.reopen(options: try options(Self.cityByPopulation))
        #expect(try entries(t) == 200)
        try await t.commit([.update(try t.key("cities/c0"), fields: ["population": .integer(5)], mask: [FieldPath(uncheckedSegments: ["population"])])])
        try await t.commit([.delete(try t.key("cities/c1"))])
        #expect(try entries(t) == 199)
        try t.reopen()
        #expect(try entries(t) == 0)
    }

    @Test func requireIndexesRefusesWhatProductionRefuses() async throws {
        let t = try TestEngine(options: try options("{}", require: true))
        try await seed(t)
        #expect(throws: Never.self) {
            _ = try t.engine.runQuery(StructuredQuery(
                collectionID: "cities",
                filter: .composite(.and, [
                    .field(FieldPath(uncheckedSegments: ["country"]), .equal, .string("USA")),
                    .field(FieldPath(uncheckedSegments: ["name"]), .equal, .string("city 3")),
                ])), in: t.database)
        }
        do {
            _ = try await t.engine.runQuery(byPopulation, in: t.database)
            Issue.record("expected FAILED_PRECONDITION")
        } catch {
            #expect(error.code == .failedPrecondition)
            #expect(error.message.hasPrefix("The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/test-project/firestore/indexes?create_composite="))
            let suggested = try #require(error.message.split(separator: "\"indexes\": ", maxSplits: 1).last)
            let definition = try IndexConfiguration(json: "{ \"indexes\": [ \(suggested) ] }").indexes
            #expect(definition == (try IndexConfiguration(json: Self.cityByPopulation)).indexes)
        }
        let group = StructuredQuery(
            collectionID: "cities", allDescendants: true,
            filter: .field(FieldPath(uncheckedSegments: ["name"]), .equal, .string("city 3")))
        #expect(throws: FirestoreError.self) { try t.engine.runQuery(group, in: t.database) }
        var twoRanges = StructuredQuery(collectionID: "cities")
        twoRanges.filter = .composite(.and, [
            .field(FieldPath(uncheckedSegments: ["population"]), .greaterThan, .integer(5)),
            .field(FieldPath(uncheckedSegments: ["name"]), .greaterThan, .string("a")),
        ])
        #expect(throws: FirestoreError.self) { try t.engine.runQuery(twoRanges, in: t.database) }

        try t.reopen(options: try options(Self.cityByPopulation, require: true))
        await #expect(try t.engine.runQuery(byPopulation, in: t.database).count == 5)
        await #expect(try t.engine.runQuery(group, in: t.database).count == 1)
        #expect(throws: FirestoreError.self) { try t.engine.runQuery(twoRanges, in: t.database) }
    }
}
