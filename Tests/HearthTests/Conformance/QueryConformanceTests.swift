import Foundation
import HearthTestSupport
import Testing
@testable import Hearth
@testable import HearthCore

/// Google's `query-*` vectors against the Swift API: each list of clauses, applied through
/// `whereField` / `order(by:)` / `limit` / cursors / `select`, must build exactly the expected
/// `StructuredQuery`, or fail where the vector expects an error. Skipped when `../shared` is absent.
@Suite("Conformance vectors: queries through the Swift API")
struct QueryConformanceTests {
    static func vectors() -> [ConformanceVector] { ConformanceVector.load(kinds: ["query"]) }

    /// Operators the Swift API can express; a vector using another one (`|~|`) tests a string
    /// parser that a typed API does not have.
    static let operators: [String: QueryFilter.FieldOperator] = [
        "==": .equal, "!=": .notEqual, "<": .lessThan, "<=": .lessThanOrEqual, ">": .greaterThan,
        ">=": .greaterThanOrEqual, "array-contains": .arrayContains, "in": .in,
        "array-contains-any": .arrayContainsAny, "not-in": .notIn,
    ]

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"))
    func everyQueryVectorIsHere() {
        #expect(Self.vectors().count == 41)
    }

    @Test(.enabled(if: RepositoryPaths.conformanceVectors != nil, "../shared/conformance is absent"), arguments: vectors())
    func vector(_ vector: ConformanceVector) throws {
        let body = try WireJSON.object(try JSONSerialization.jsonObject(with: Data(vector.json.utf8)), "vector")
        let t = try TestFirestore(projectID: "projectID")
        let collPath = try #require(body["collPath"] as? String)
        let relative = String(collPath.dropFirst("projects/projectID/databases/(default)/documents/".count))
        var query: Query = t.db.collection(relative)
        for clause in body["clauses"] as? [[String: Any]] ?? [] {
            guard let next = try Self.apply(clause, to: query, t) else {
                // Not expressible in a typed API: the vector must expect an error.
                #expect(body["isError"] as? Bool == true, "an inexpressible clause in a valid query")
                return
            }
            query = next
        }
        let built = Result { () throws(FirestoreError) in try query.structuredQuery() }
        if body["isError"] as? Bool == true {
            if case .success(let structured) = built { Issue.record("expected an error, built \(structured)") }
            return
        }
        let structured = try built.get()
        let parent = ResourcePath(uncheckedSegments: relative.split(separator: "/").dropLast().map(String.init))
        let expected = try WireJSON.structuredQuery(body["query"], parent: parent)
        #expect(structured == expected)
    }

    /// Applies one clause; nil when the clause cannot be expressed through the Swift API.
    static func apply(_ clause: [String: Any], to query: Query, _ t: TestFirestore) throws -> Query? {
        func path(_ any: Any?) -> Hearth.FieldPath { Hearth.FieldPath(((any as? [String: Any])?["field"] as? [String]) ?? []) }
        func json(_ text: String) throws -> Any {
            APIConformanceTests.sentinels(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed))
        }
        if let whereClause = clause["where"] as? [String: Any] {
            guard let op = operators[whereClause["op"] as? String ?? ""] else { return nil }
            return query.whereField(path(whereClause["path"]), op, try json(whereClause["jsonValue"] as? String ?? "null"))
        }
        if let order = clause["orderBy"] as? [String: Any] {
            return query.order(by: path(order["path"]), descending: (order["direction"] as? String) == "desc")
        }
        if let select = clause["select"] as? [String: Any] {
            return query.select((select["fields"] as? [Any] ?? []).map(path))
        }
        if let limit = clause["limit"] as? Int { return query.limit(to: limit) }
        if let offset = clause["offset"] as? Int { return query.offset(offset) }
        for (name, isStart, before) in [("startAt", true, true), ("startAfter", true, false), ("endAt", false, false), ("endBefore", false, true)] {
            guard let cursor = clause[name] as? [String: Any] else { continue }
            if let snapshot = cursor["docSnapshot"] as? [String: Any] {
                let (_, key) = try WireJSON.documentName(snapshot["path"] as? String ?? "")
                let data = try json(snapshot["jsonData"] as? String ?? "{}") as? [String: Any] ?? [:]
                var reader = UserDataReader(method: "test")
                guard case .map(let fields) = try reader.readPlain(data) else { return nil }
                let stamp = Timestamp(microseconds: 1)
                let document = DocumentSnapshot(
                    reference: DocumentReference(firestore: t.db, key: key),
                    document: Document(key: key, fields: fields, createTime: stamp, updateTime: stamp))
                switch (isStart, before) {
                case (true, true): return query.start(atDocument: document)
                case (true, false): return query.start(afterDocument: document)
                case (false, false): return query.end(atDocument: document)
                default: return query.end(beforeDocument: document)
                }
            }
            let values = try (cursor["jsonValues"] as? [String] ?? []).map(json)
            switch (isStart, before) {
            case (true, true): return query.start(at: values)
            case (true, false): return query.start(after: values)
            case (false, false): return query.end(at: values)
            default: return query.end(before: values)
            }
        }
        Issue.record("unknown clause \(clause)")
        return nil
    }
}
