import HearthCore
import Testing

@testable import HearthRules

/// Conversions from HearthCore values and the `request`/`resource` builders.
@Suite struct RuleObjectsTests {
    /// A document `users/alice` with a few fields.
    private func sampleDocument() throws -> Document {
        let key = try DocumentKey(validating: "users/alice")
        let time = try Timestamp(seconds: 100, nanoseconds: 5)
        return Document(
            key: key, fields: ["name": "Alice", "age": 30, "score": 4.5], createTime: time, updateTime: time)
    }

    /// Firestore values convert.
    @Test func firestoreValuesConvert() throws {
        let database = try DatabaseID(project: "demo")
        let key = try DocumentKey(validating: "cities/SF")
        let value: Value = .map([
            "n": .null, "b": true, "i": 7, "d": 2.5, "s": "x", "y": .bytes([1, 2]),
            "t": .timestamp(try Timestamp(seconds: 10, nanoseconds: 20)),
            "r": .reference(DocumentReferenceValue(database: database, key: key)),
            "g": .geoPoint(try GeoPoint(latitude: 1.5, longitude: -2)),
            "a": [1, "two"],
        ])
        guard case .map(let fields) = RuleValue(value) else {
            Issue.record("not a map")
            return
        }
        #expect(fields["n"]?.isIdentical(to: nil) == true)
        #expect(fields["b"]?.isIdentical(to: true) == true)
        #expect(fields["i"]?.isIdentical(to: 7) == true)
        #expect(fields["d"]?.isIdentical(to: 2.5) == true)
        #expect(fields["y"] == .bytes([1, 2]))
        #expect(fields["t"] == timestamp(10, nanos: 20))
        #expect(fields["r"] == .path(RulePath(parsing: "/databases/(default)/documents/cities/SF")))
        #expect(fields["g"] == .latlng(RuleLatLng(uncheckedLatitude: 1.5, longitude: -2)))
        #expect(fields["a"]?.isIdentical(to: [1, "two"]) == true)
    }

    /// Resource has data id and name.
    @Test func resourceHasDataIdAndName() throws {
        let resource = RuleResource.value(of: try sampleDocument(), database: "(default)")
        #expect(try RuleOperations.member(resource, "id") == "alice")
        #expect(try RuleOperations.member(RuleOperations.member(resource, "data"), "age").isIdentical(to: 30))
        let name = try RuleOperations.index(resource, "__name__")
        #expect(name == .path(RulePath(segments: ["databases", "(default)", "documents", "users", "alice"])))
        #expect(try RuleOperations.index(name, 0) == "databases")
    }

    /// Missing resource is null.
    @Test func missingResourceIsNull() {
        let resource = RuleResource.value(of: nil, database: "(default)")
        #expect(resource.isNull)
        #expect(errorOf { try RuleOperations.member(resource, "data") } == .nullValue)
    }

    /// Request for an update.
    @Test func requestForAnUpdate() throws {
        let document = try sampleDocument()
        let request = RuleRequest.value(
            database: "(default)", method: "update", path: document.key.path,
            time: try Timestamp(seconds: 50, nanoseconds: 1), auth: .init(uid: "alice", token: ["admin": true]),
            incoming: .document(document))
        let auth = try RuleOperations.member(request, "auth")
        #expect(try RuleOperations.member(auth, "uid") == "alice")
        #expect(try RuleOperations.member(RuleOperations.member(auth, "token"), "admin") == true)
        #expect(try RuleOperations.member(request, "method") == "update")
        #expect(try RuleOperations.member(request, "time") == timestamp(50, nanos: 1))
        let path = try RuleOperations.member(request, "path")
        #expect(path == .path(RulePath(parsing: "/databases/(default)/documents/users/alice")))
        let incoming = try RuleOperations.member(request, "resource")
        #expect(try RuleOperations.member(RuleOperations.member(incoming, "data"), "name") == "Alice")
        #expect(errorOf { try RuleOperations.member(request, "query") } == .undefinedProperty("query"))
        #expect(errorOf { try RuleOperations.member(request, "writeFields") } == .undefinedProperty("writeFields"))
    }

    /// Request for anonymous reads and deletes.
    @Test func requestForAnonymousReadsAndDeletes() throws {
        let path = try ResourcePath(validating: "users/alice")
        let time = try Timestamp(seconds: 0, nanoseconds: 0)
        let read = RuleRequest.value(database: "(default)", method: "get", path: path, time: time, auth: nil)
        #expect(try RuleOperations.member(read, "auth").isNull)
        #expect(
            errorOf { try RuleOperations.member(read, "resource") }?.message
                == "Property resource is undefined on object.")
        let delete = RuleRequest.value(
            database: "(default)", method: "delete", path: path, time: time, auth: nil, incoming: .null)
        let incoming = try RuleOperations.member(delete, "resource")
        #expect(errorOf { try RuleOperations.member(incoming, "data") } == .nullValue)
    }

    /// Request query for a list.
    @Test func requestQueryForAList() throws {
        let path = try ResourcePath(validating: "stories/x")
        let request = RuleRequest.value(
            database: "(default)", method: "list", path: path, time: try Timestamp(seconds: 0, nanoseconds: 0),
            auth: nil,
            query: .init(limit: 5, offset: 0, orderBy: [.init(field: "name", descending: true)]),
            writeFields: ["a"])
        let query = try RuleOperations.member(request, "query")
        #expect(try RuleOperations.member(query, "limit").isIdentical(to: 5))
        #expect(errorOf { try RuleOperations.member(query, "offset") } == .undefinedProperty("offset"))
        #expect(try RuleOperations.member(query, "orderBy") == ["name": "DESC"])
        #expect(try RuleOperations.member(request, "writeFields") == ["a"])
    }
}
