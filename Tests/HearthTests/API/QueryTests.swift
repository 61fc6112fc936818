import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Queries through the Swift API")
struct QueryTests {
    /// Rooms in three cities with prices and tags.
    func seeded() async throws -> TestFirestore {
        let t = try TestFirestore()
        let rooms: [(String, [String: Any])] = [
            ("r1", ["city": "Madrid", "price": 400, "tags": ["wifi"]]),
            ("r2", ["city": "Sevilla", "price": 300, "tags": ["wifi", "pool"]]),
            ("r3", ["city": "Sevilla", "price": 350, "tags": ["parking"]]),
            ("r4", ["city": "Valencia", "price": 500]),
            ("r5", ["city": "Madrid", "price": 250.5, "tags": []]),
        ]
        let batch = t.db.batch()
        for (id, data) in rooms { batch.setData(data, forDocument: t.db.collection("rooms").document(id)) }
        try await batch.commit()
        return t
    }

    func ids(_ query: Query) async throws -> [String] {
        try await query.getDocuments().documents.map(\.documentID)
    }

    @Test func equalityRangeAndOrdering() async throws {
        let t = try await seeded()
        let rooms = t.db.collection("rooms")
        #expect(try await ids(rooms.whereField("city", isEqualTo: "Sevilla")) == ["r2", "r3"])
        #expect(try await ids(rooms.whereField("price", isLessThan: 350)) == ["r5", "r2"], "implicit order on price")
        #expect(try await ids(rooms.order(by: "price", descending: true).limit(to: 2)) == ["r4", "r1"])
        #expect(try await ids(rooms.whereField("city", isEqualTo: "Madrid").order(by: "price")) == ["r5", "r1"])
    }

    @Test func arrayAndMembershipOperators() async throws {
        let t = try await seeded()
        let rooms = t.db.collection("rooms")
        #expect(try await ids(rooms.whereField("tags", arrayContains: "wifi")) == ["r1", "r2"])
        #expect(try await ids(rooms.whereField("tags", arrayContainsAny: ["pool", "parking"])) == ["r2", "r3"])
        #expect(try await ids(rooms.whereField("city", in: ["Valencia", "Madrid"])) == ["r1", "r4", "r5"])
        #expect(try await ids(rooms.whereField("city", notIn: ["Madrid", "Sevilla"])) == ["r4"])
        #expect(try await ids(rooms.whereField("city", isNotEqualTo: "Sevilla")) == ["r1", "r5", "r4"])
    }

    @Test func orFiltersAndDocumentID() async throws {
        let t = try await seeded()
        let rooms = t.db.collection("rooms")
        let cheapOrValencia = Filter.orFilter([
            Filter.whereField("price", isLessThan: 300), Filter.whereField("city", isEqualTo: "Valencia"),
        ])
        #expect(try await ids(rooms.whereFilter(cheapOrValencia)) == ["r5", "r4"], "ordered by the inequality field")
        #expect(try await ids(rooms.whereField(FieldPath.documentID(), .greaterThan, "r3")) == ["r4", "r5"])
        #expect(try await ids(rooms.whereField(FieldPath.documentID(), .in, ["r5", "r1"])) == ["r1", "r5"])
    }

    @Test func cursorsByValueAndBySnapshot() async throws {
        let t = try await seeded()
        let byPrice = t.db.collection("rooms").order(by: "price")
        #expect(try await ids(byPrice.start(after: [300])) == ["r3", "r1", "r4"])
        #expect(try await ids(byPrice.end(before: [350])) == ["r5", "r2"])
        let r3 = try await t.db.document("rooms/r3").getDocument()
        #expect(try await ids(byPrice.start(atDocument: r3)) == ["r3", "r1", "r4"])
        #expect(try await ids(byPrice.start(afterDocument: r3).limit(to: 1)) == ["r1"])
    }

    @Test func limitToLastReturnsTheLastInQueryOrder() async throws {
        let t = try await seeded()
        let query = t.db.collection("rooms").order(by: "price").limit(toLast: 2)
        #expect(try await ids(query) == ["r1", "r4"])
        await expectFirestoreError(.invalidArgument) { _ = try await t.db.collection("rooms").limit(toLast: 1).getDocuments() }
    }

    @Test func collectionGroupQueryWithFilter() async throws {
        let t = try TestFirestore()
        try await t.db.document("Chats/alice/bob/m1").setData(["read": false])
        try await t.db.document("Chats/carol/bob/m2").setData(["read": true])
        try await t.db.document("bob/m3").setData(["read": false])
        let unread = try await t.db.collectionGroup("bob").whereField("read", isEqualTo: false).getDocuments()
        #expect(unread.documents.map(\.reference.path) == ["Chats/alice/bob/m1", "bob/m3"])
    }

    @Test func invalidQueriesFailWithoutCrashing() async throws {
        let t = try await seeded()
        let rooms = t.db.collection("rooms")
        await expectFirestoreError(.invalidArgument) { _ = try await rooms.whereField("price", isGreaterThan: NSNull()).getDocuments() }
        await expectFirestoreError(.invalidArgument) { _ = try await rooms.whereField("a..b", isEqualTo: 1).getDocuments() }
        await expectFirestoreError(.invalidArgument) { _ = try await rooms.whereField("x", in: []).getDocuments() }
        await expectFirestoreError(.invalidArgument) { _ = try await rooms.whereField("x", isEqualTo: FieldValue.delete()).getDocuments() }
        await expectFirestoreError(.invalidArgument) { _ = try await rooms.start(at: [1]).getDocuments() }
        await expectFirestoreError(.invalidArgument) {
            _ = try await rooms.whereField(FieldPath.documentID(), .equal, "a/b").getDocuments()
        }
        let missing = try await t.db.document("rooms/none").getDocument()
        await expectFirestoreError(.notFound) { _ = try await rooms.order(by: "price").start(atDocument: missing).getDocuments() }
    }

    @Test func nullAndNaNEqualityBecomeUnaryFilters() async throws {
        let t = try TestFirestore()
        try await t.db.document("c/null").setData(["v": NSNull()])
        try await t.db.document("c/nan").setData(["v": Double.nan])
        try await t.db.document("c/one").setData(["v": 1])
        #expect(try await ids(t.db.collection("c").whereField("v", isEqualTo: NSNull())) == ["null"])
        #expect(try await ids(t.db.collection("c").whereField("v", isEqualTo: Double.nan)) == ["nan"])
        #expect(try await ids(t.db.collection("c").whereField("v", isNotEqualTo: Double.nan)) == ["one"])
    }
}

@Suite("Aggregations through the Swift API")
struct AggregateQueryTests {
    @Test func countSumAndAverage() async throws {
        let t = try TestFirestore()
        for (id, price) in [("a", 300), ("b", 450), ("c", 250)] {
            try await t.db.document("rooms/\(id)").setData(["price": price, "city": id == "b" ? "Madrid" : "Sevilla"])
        }
        let sevilla = t.db.collection("rooms").whereField("city", isEqualTo: "Sevilla")
        #expect(try await sevilla.count.getAggregation(source: .server).count == 2)
        let snapshot = try await t.db.collection("rooms")
            .aggregate([AggregateField.count(), AggregateField.sum("price"), AggregateField.average("price")])
            .getAggregation()
        #expect(snapshot.count.intValue == 3)
        #expect(snapshot.get(AggregateField.sum("price")) as? Int == 1000)
        #expect(snapshot.get(AggregateField.average("price")) as? Double == 1000.0 / 3)
        await expectFirestoreError(.invalidArgument) {
            _ = try await t.db.collection("rooms").aggregate([AggregateField.sum("a..b")]).getAggregation()
        }
    }
}
