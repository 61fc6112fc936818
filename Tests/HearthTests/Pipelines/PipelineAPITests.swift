import Foundation
import Hearth
import Testing

@Suite("db.pipeline()")
struct PipelineAPITests {
    struct Total: Decodable, Equatable {
        let state: String
        let people: Int
        let cities: Int
    }

    /// Five cities; the database made Enterprise edition.
    static func seeded() async throws -> TestFirestore {
        let t = try TestFirestore()
        try await t.db.enableEnterpriseEdition()
        let cities: [(String, [String: Any])] = [
            ("SF", ["name": "San Francisco", "state": "CA", "population": 860_000]),
            ("LA", ["name": "Los Angeles", "state": "CA", "population": 3_900_000]),
            ("NYC", ["name": "New York", "state": "NY", "population": 8_300_000]),
            ("BUF", ["name": "Buffalo", "state": "NY", "population": 275_000]),
            ("AUS", ["name": "Austin", "state": "TX"]),
        ]
        for (id, data) in cities { try await t.db.collection("cities").document(id).setData(data) }
        return t
    }

    @Test func whereSortLimitGiveDocumentsWithTheirReferences() async throws {
        let t = try await Self.seeded()
        let snapshot = try await t.db.pipeline().collection("cities")
            .where(Field("population").greaterThan(500_000))
            .sort([Field("population").descending()])
            .limit(2)
            .execute()
        #expect(snapshot.results.map(\.id) == ["NYC", "LA"])
        #expect(snapshot.results.first?.ref?.path == "cities/NYC")
        #expect(snapshot.results.first?.get("name") as? String == "New York")
        #expect(snapshot.results.allSatisfy { $0.createTime != nil })
    }

    @Test func selectAndAggregateBuildRowsThatDecode() async throws {
        let t = try await Self.seeded()
        let selected = try await t.db.pipeline().collection("cities")
            .where(Field("state").equal("NY") && !Field("population").lessThan(300_000))
            .select([Field("name"), Field("population").divide(100_000).as("hundreds")])
            .execute()
        #expect(selected.results.count == 1)
        #expect(selected.results.first?.ref == nil)
        #expect(selected.results.first?.data["hundreds"] as? Int == 83)
        let totals = try await t.db.pipeline().collection("cities")
            .where(Field("population").exists())
            .aggregate([Field("population").sum().as("people"), countAll().as("cities")], groups: [Field("state")])
            .execute()
        let decoded = try totals.results.map { try $0.data(as: Total.self) }.sorted { $0.state < $1.state }
        #expect(decoded == [Total(state: "CA", people: 4_760_000, cities: 2), Total(state: "NY", people: 8_575_000, cities: 2)])
    }

    @Test func aStandardDatabaseAndBadArgumentsAreRefused() async throws {
        let t = try TestFirestore()
        try await t.db.collection("c").document("d").setData(["a": 1])
        await #expect(throws: FirestoreError(.invalidArgument, "ExecutePipeline requires the Database Edition to be enterprise.")) {
            _ = try await t.db.pipeline().collection("c").execute()
        }
        try await t.db.enableEnterpriseEdition()
        #expect(try await t.db.pipeline().collection("c").execute().results.count == 1)
        await #expect(throws: FirestoreError.self) { _ = try await t.db.pipeline().collection("c").limit(-1).execute() }
        await #expect(throws: FirestoreError.self) {
            _ = try await t.db.pipeline().collection("c").where(Field("a").equal(Date.self)).execute()
        }
        do {
            _ = try await t.db.pipeline().collection("c").select([Constant(Int64.max).add(1).as("x")]).execute()
            Issue.record("an overflow in a projection must fail the pipeline")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("Integer overflow in add"))
        }
    }
}
