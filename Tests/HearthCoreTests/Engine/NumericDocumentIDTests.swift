import Testing
@testable import HearthCore

/// `__id<n>__` document ids: accepted, and ordered as production's Standard edition orders them
/// (numeric ids first, numerically; then string ids by UTF-8 bytes) by every path that returns
/// documents in name order — the documents table, index names, references, cursors, listings.
@Suite("Numeric document ids")
struct NumericDocumentIDTests {
    /// The ids of the Node client's system test "snapshot listener sorts query by DocumentId same
    /// way as server", in production's expected order.
    static let ordered = [
        "__id-9223372036854775808__", "__id-9223372036854775807__", "__id-2__", "__id7__", "__id12__",
        "__id9223372036854775806__", "__id9223372036854775807__", "12", "7", "A", "Aa", "__id", "__id1_", "_id1__", "a",
    ]

    private func seeded() async throws -> TestEngine {
        let t = try TestEngine()
        // Written in a scrambled order, in two commits, and under a second parent for the group.
        let scrambled = Self.ordered.enumerated().sorted { ($0.offset * 7) % 15 < ($1.offset * 7) % 15 }.map(\.element)
        try await t.commit(scrambled.prefix(8).map { .set(try t.key("c/\($0)"), fields: ["id": .string($0)]) })
        try await t.commit(scrambled.dropFirst(8).map { .set(try t.key("c/\($0)"), fields: ["id": .string($0)]) })
        try await t.commit(scrambled.map { .set(try t.key("p/x/c/\($0)"), fields: ["id": .string($0)]) })
        return t
    }

    private func ids(_ documents: [Document]) -> [String] { documents.map(\.key.documentID) }

    private func name(_ t: TestEngine, _ path: String) throws -> Value {
        .reference(DocumentReferenceValue(database: t.database, key: try t.key(path)))
    }

    @Test func numericIDsAreValidDocumentIDsButOtherReservedIDsAreNot() throws {
        for id in ["__id0__", "__id-1__", "__id9223372036854775807__", "__id-9223372036854775808__"] {
            #expect(throws: Never.self) { try DocumentKey(validating: "c/\(id)") }
        }
        for id in ["__id007__", "__id-0__", "__id9223372036854775808__", "__idx__", "__id__", "__name__", "__id1 __"] {
            #expect(throws: FirestoreError.self) { try DocumentKey(validating: "c/\(id)") }
        }
        // Collection ids stay strings: the numeric form is reserved there.
        #expect(throws: FirestoreError.self) { try DocumentKey(validating: "__id1__/d") }
    }

    @Test func nameOrderIsProductionsOnEveryPath() async throws {
        let t = try await seeded()
        let byName = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.documentID)])
        await #expect(ids(try t.engine.runQuery(byName, in: t.database)) == Self.ordered)
        await #expect(ids(try t.engine.runQuery(StructuredQuery(collectionID: "c"), in: t.database)) == Self.ordered)
        let descending = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.documentID, descending: true)])
        await #expect(ids(try t.engine.runQuery(descending, in: t.database)) == Self.ordered.reversed())
        // A field index's ties come out by name too.
        let byField = StructuredQuery(collectionID: "c", filter: .field(.p("id"), .notEqual, .null))
        await #expect(ids(try t.engine.runQuery(byField, in: t.database)).count == Self.ordered.count)
        let group = StructuredQuery(parent: .root, collectionID: "c", allDescendants: true)
        let grouped = try await t.engine.runQuery(group, in: t.database).map(\.key.path.canonicalString)
        #expect(grouped == Self.ordered.map { "c/\($0)" } + Self.ordered.map { "p/x/c/\($0)" })
        let listed = try t.engine.listDocuments(in: t.database, collection: try ResourcePath(validating: "c"))
        #expect(listed.items.map(\.key.documentID) == Self.ordered)
    }

    @Test func rangesAndCursorsOnNameFollowTheSameOrder() async throws {
        let t = try await seeded()
        let range = StructuredQuery(collectionID: "c", filter: .composite(.and, [
            .field(.documentID, .greaterThan, try name(t, "c/__id7__")),
            .field(.documentID, .lessThanOrEqual, try name(t, "c/Aa")),
        ]))
        let expected = ["__id12__", "__id9223372036854775806__", "__id9223372036854775807__", "12", "7", "A", "Aa"]
        await #expect(ids(try t.engine.runQuery(range, in: t.database)) == expected)
        var cursor = StructuredQuery(collectionID: "c", orderBy: [QueryOrder(.documentID)], limit: 3)
        cursor.startAt = QueryBound(values: [try name(t, "c/__id-2__")], before: false)
        await #expect(ids(try t.engine.runQuery(cursor, in: t.database)) == ["__id7__", "__id12__", "__id9223372036854775806__"])
        // The Admin SDKs' recursive delete: a kindless query from the lowest numeric id of `c`.
        let kindless = StructuredQuery(parent: .root, collectionID: nil, allDescendants: true, filter: .composite(.and, [
            .field(.documentID, .greaterThanOrEqual, try name(t, "c/__id-9223372036854775808__")),
            .field(.documentID, .lessThan, try name(t, "c\u{0}/__id-9223372036854775808__")),
        ]))
        await #expect(ids(try t.engine.runQuery(kindless, in: t.database)) == Self.ordered)
    }

    @Test func numericIDsSurviveAReopenAndPage() async throws {
        let t = try await seeded()
        try t.reopen()
        #expect(try t.get("c/__id-2__")?.fields == ["id": "__id-2__"])
        var seen: [String] = []
        var token: String?
        repeat {
            let page = try t.engine.listDocuments(
                in: t.database, collection: try ResourcePath(validating: "c"), pageSize: 4, pageToken: token)
            seen += page.items.map(\.key.documentID)
            token = page.nextPageToken
        } while token != nil
        #expect(seen == Self.ordered)
        let report = try t.engine.verify()
        #expect(report.problems.isEmpty)
    }

    @Test func compareOrdersNumbersFirstAndNumerically() {
        #expect(NumericDocumentID.compare("__id-2__", "__id7__") < 0)
        #expect(NumericDocumentID.compare("__id12__", "__id7__") > 0)
        #expect(NumericDocumentID.compare("__id9223372036854775807__", "0") < 0)
        #expect(NumericDocumentID.compare("a", "__id1__") > 0)
        #expect(NumericDocumentID.compare("__id1__", "__id1__") == 0)
        // The one documented deviation: ids beginning with U+0000 sort before numeric ids.
        #expect(NumericDocumentID.compare("\u{0}x", "__id1__") < 0)
    }
}
