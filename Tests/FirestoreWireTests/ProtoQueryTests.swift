import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf
import Testing

@Suite("ProtoQuery")
struct ProtoQueryTests {
    private func fieldFilter(_ path: String, _ op: Google_Firestore_V1_StructuredQuery.FieldFilter.Operator, _ number: Int64) -> Google_Firestore_V1_StructuredQuery.Filter {
        var field = Google_Firestore_V1_StructuredQuery.FieldFilter()
        field.field.fieldPath = path
        field.op = op
        field.value = ProtoValue.proto(.integer(number))
        var filter = Google_Firestore_V1_StructuredQuery.Filter()
        filter.fieldFilter = field
        return filter
    }

    private func baseQuery() -> Google_Firestore_V1_StructuredQuery {
        var query = Google_Firestore_V1_StructuredQuery()
        var selector = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        selector.collectionID = "c"
        query.from = [selector]
        return query
    }

    @Test("filters, orders, cursors, limit, offset and select map")
    func fullQuery() throws {
        var query = baseQuery()
        var composite = Google_Firestore_V1_StructuredQuery.CompositeFilter()
        composite.op = .or
        composite.filters = [fieldFilter("a", .equal, 1), fieldFilter("b", .greaterThan, 2)]
        query.where.compositeFilter = composite
        var order = Google_Firestore_V1_StructuredQuery.Order()
        order.field.fieldPath = "b"
        order.direction = .descending
        query.orderBy = [order]
        query.startAt.values = [ProtoValue.proto(.integer(5))]
        query.startAt.before = true
        query.limit = Google_Protobuf_Int32Value(3)
        query.offset = 1
        var reference = Google_Firestore_V1_StructuredQuery.FieldReference()
        reference.fieldPath = "a"
        query.select.fields = [reference]
        let parent = try ResourcePath(validating: "p/q")
        let mapped = try ProtoQuery.query(query, parent: parent)
        let a = try FieldPath(serverFormat: "a")
        let b = try FieldPath(serverFormat: "b")
        #expect(mapped == StructuredQuery(
            parent: parent, collectionID: "c",
            filter: .composite(.or, [.field(a, .equal, 1), .field(b, .greaterThan, 2)]),
            orderBy: [QueryOrder(b, descending: true)], startAt: QueryBound(values: [5], before: true),
            offset: 1, limit: 3, projection: [a]))
    }

    @Test("a query has at most one collection selector; none is a kindless query over every collection")
    func selectors() throws {
        let kindless = try ProtoQuery.query(Google_Firestore_V1_StructuredQuery(), parent: .root)
        #expect(kindless.collectionID == nil && kindless.allDescendants)
        var two = baseQuery()
        two.from.append(two.from[0])
        expectFirestoreError(.invalidArgument) { _ = try ProtoQuery.query(two, parent: .root) }
        var query = baseQuery()
        query.from[0].collectionID = ""
        expectFirestoreError(.invalidArgument) { _ = try ProtoQuery.query(query, parent: .root) }
        query.from[0].allDescendants = true
        #expect((try? ProtoQuery.query(query, parent: .root))?.collectionID == nil)
    }

    @Test("negative limits and unknown operators are INVALID_ARGUMENT")
    func invalidShapes() {
        var query = baseQuery()
        query.limit = Google_Protobuf_Int32Value(-1)
        expectFirestoreError(.invalidArgument) { _ = try ProtoQuery.query(query, parent: .root) }
        query = baseQuery()
        query.where = fieldFilter("a", .unspecified, 1)
        expectFirestoreError(.invalidArgument) { _ = try ProtoQuery.query(query, parent: .root) }
    }

    @Test("a numeric-id cursor reference sorts before every id")
    func numericIDCursor() throws {
        var query = baseQuery()
        var value = Google_Firestore_V1_Value()
        value.referenceValue = "projects/p/databases/(default)/documents/c/__id-9223372036854775808__"
        query.startAt.values = [value]
        let mapped = try ProtoQuery.query(query, parent: .root)
        guard case .reference(let reference)? = mapped.startAt?.values.first else {
            Issue.record("expected a reference")
            return
        }
        #expect(reference.key.documentID == "\u{0}")
    }

    @Test("aggregations keep aliases and up_to")
    func aggregations() throws {
        var count = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
        count.count.upTo = Google_Protobuf_Int64Value(7)
        count.alias = "n"
        var sum = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
        sum.sum.field.fieldPath = "x"
        var avg = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
        avg.avg.field.fieldPath = "y"
        let mapped = try ProtoQuery.aggregations([count, sum, avg])
        #expect(mapped == [
            Aggregation(.count(upTo: 7), alias: "n"), Aggregation(.sum(try FieldPath(serverFormat: "x"))),
            Aggregation(.average(try FieldPath(serverFormat: "y"))),
        ])
    }
}
