import HearthCore
@testable import HearthRules
import Testing

/// Judging `list` requests from query constraints (fact sheet §2.9): what can and cannot be proved.
@Suite struct ListJudgementTests {
    typealias F = EvaluationFixture

    /// Whether `query` is allowed under the single rule `allow list: if <condition>` on `/items/{id}`.
    private func allows(_ condition: String, _ query: StructuredQuery, as auth: AccessContext = F.user("alice"))
        throws -> Bool
    {
        let rules = try F.rules("match /items/{id} { allow list: if \(condition); }")
        return rules.authorize(F.list(query, auth: auth), lookup: FakeDocumentLookup()).isAllowed
    }

    /// A query on `items` with one filter.
    private func items(_ field: String, _ op: QueryFilter.FieldOperator, _ value: Value) -> StructuredQuery {
        F.query("items", where: F.filter(field, op, value))
    }

    /// Owner equality is proved; without it the list is denied.
    @Test func ownerEquality() throws {
        let rule = "resource.data.owner == request.auth.uid"
        #expect(try allows(rule, items("owner", .equal, "alice")))
        #expect(try !allows(rule, F.query("items")))
        #expect(try !allows(rule, items("owner", .equal, "bob")))
        let conjunction = QueryFilter.composite(
            .and, [F.filter("owner", .equal, "alice"), F.filter("n", .greaterThan, 1)])
        #expect(try allows(rule, F.query("items", where: conjunction)))
    }

    /// Ranges prove the comparisons they imply, and nothing else.
    @Test func rangeReasoning() throws {
        #expect(try allows("resource.data.x > 5", items("x", .greaterThan, 10)))
        #expect(try allows("resource.data.x > 5", items("x", .greaterThanOrEqual, 6)))
        #expect(try allows("resource.data.x >= 5", items("x", .greaterThan, 5)))
        #expect(try !allows("resource.data.x > 5", items("x", .greaterThan, 3)))
        #expect(try allows("5 < resource.data.x", items("x", .greaterThan, 5)))
        #expect(try allows("resource.data.x < 100 || false", items("x", .lessThan, 50)))
        #expect(try allows("!(resource.data.x <= 5)", items("x", .greaterThan, 5)))
        #expect(try allows("resource.data.x != 3", items("x", .greaterThan, 5)))
        #expect(try allows("resource.data.x is number", items("x", .greaterThan, 5)))
        #expect(try !allows("resource.data.x is int", items("x", .greaterThan, 5)))
        #expect(try allows("resource.data.name is string", items("name", .greaterThanOrEqual, "a")))
        let window = QueryFilter.composite(.and, [F.filter("x", .greaterThan, 0), F.filter("x", .lessThan, 10)])
        #expect(try allows("resource.data.x > -1 && resource.data.x <= 10", F.query("items", where: window)))
    }

    /// A numeric equality is the point range `[v, v]`: comparisons are proved, the exact type is not.
    @Test func numericEquality() throws {
        #expect(try allows("resource.data.n == 5", items("n", .equal, 5)))
        #expect(try allows("resource.data.n == 5.0 && resource.data.n < 6", items("n", .equal, 5)))
        #expect(try allows("resource.data.n in [1, 5]", items("n", .equal, 5)))
        #expect(try !allows("resource.data.n is int", items("n", .equal, 5)))
    }

    /// `in` and `array-contains-any` are judged value by value.
    @Test func inQueries() throws {
        #expect(try allows("resource.data.status in ['open', 'draft']", items("status", .in, ["open", "draft"])))
        #expect(try !allows("resource.data.status in ['open', 'draft']", items("status", .in, ["open", "closed"])))
        #expect(try allows("resource.data.owner == request.auth.uid", items("owner", .in, ["alice"])))
        let either = items("tags", .arrayContainsAny, ["a", "b"])
        #expect(try allows("'a' in resource.data.tags || 'b' in resource.data.tags", either))
        #expect(try !allows("'a' in resource.data.tags", items("tags", .arrayContainsAny, ["a", "b"])))
    }

    /// `!=` and `not-in` prove inequality and presence.
    @Test func notEqualQueries() throws {
        #expect(try allows("resource.data.state != 'deleted'", items("state", .notEqual, "deleted")))
        let notIn = items("state", .notIn, ["deleted", "spam"])
        #expect(try allows("resource.data.state != 'deleted' && resource.data.state != null", notIn))
        #expect(try !allows("resource.data.state == 'open'", items("state", .notEqual, "deleted")))
    }

    /// Nested field paths build nested maps; `get()` with defaults only works on known keys.
    @Test func nestedFieldsAndGet() throws {
        #expect(try allows("resource.data.meta.owner == 'alice'", items("meta.owner", .equal, "alice")))
        #expect(try allows("resource.data.get('owner', '') == 'alice'", items("owner", .equal, "alice")))
        #expect(try allows("resource.data.get(['meta', 'owner'], '') == 'alice'", items("meta.owner", .equal, "alice")))
        #expect(try !allows("resource.data.get('owner', 'alice') == 'alice'", F.query("items")))
        #expect(try allows("'owner' in resource.data", items("owner", .equal, "alice")))
        #expect(try !allows("!('secret' in resource.data)", items("owner", .equal, "alice")))
        #expect(try !allows("resource.data.keys().hasAll(['owner'])", items("owner", .equal, "alice")))
    }

    /// `resource` exists for every listed document; its id and name are unknown.
    @Test func resourceItself() throws {
        #expect(try allows("resource != null", F.query("items")))
        #expect(try !allows("resource == null", F.query("items")))
        #expect(try allows("resource is map", F.query("items")))
        #expect(try !allows("resource.id != 'x'", F.query("items")))
        #expect(try !allows("resource.__name__ != null", F.query("items")))
        #expect(try !allows("id != 'secret'", F.query("items")))
        #expect(try !allows("request.resource == null", F.query("items")))
    }

    /// `request.query` exposes limit, offset and orderBy (field → `ASC`/`DESC`) when set.
    @Test func requestQueryFields() throws {
        var query = F.query("items", limit: 10)
        query.offset = 5
        query.orderBy = [QueryOrder(FieldPath(uncheckedSegments: ["n"]), descending: true)]
        #expect(try allows("request.query.limit == 10 && request.query.offset == 5", query))
        #expect(try allows("request.query.orderBy.n == 'DESC'", query))
        #expect(try !allows("request.query.offset == 0", F.query("items")))
    }

    /// A filter the evaluator cannot use is ignored, which only ever denies more.
    @Test func unusableFiltersAreIgnored() throws {
        let byName = QueryFilter.field(.documentID, .equal, "x")
        #expect(try !allows("resource.data.a == 1", F.query("items", where: byName)))
        #expect(try allows("true", F.query("items", where: byName)))
    }

    /// An OR must be allowed in every branch.
    @Test func orQueries() throws {
        let rule = "resource.data.owner == request.auth.uid || resource.data.public == true"
        let both = QueryFilter.composite(.or, [F.filter("owner", .equal, "alice"), F.filter("public", .equal, true)])
        #expect(try allows(rule, F.query("items", where: both)))
        let leak = QueryFilter.composite(.or, [F.filter("owner", .equal, "alice"), F.filter("public", .equal, false)])
        #expect(try !allows(rule, F.query("items", where: leak)))
    }

    /// A collection-group query needs a recursive wildcard before the collection; the wildcard
    /// and the document id are unknown, the v1 language cannot serve it at all.
    @Test func collectionGroups() throws {
        let rules = try F.rules("""
            match /{path=**}/items/{id} { allow list: if resource.data.owner == request.auth.uid; }
            match /{path=**}/logs/{id} { allow list: if path != null; }
            match /{document=**} { allow list: if false; }
            """)
        let owned = F.query("items", where: F.filter("owner", .equal, "alice"), group: true)
        #expect(rules.authorize(F.list(owned, auth: F.user("alice")), lookup: FakeDocumentLookup()) == .allow)
        let logs = rules.authorize(F.list(F.query("logs", group: true)), lookup: FakeDocumentLookup())
        #expect(logs.denialDetail?.contains("for 'list' @ L5, false for 'list' @ L6") == true)
        let scoped = try F.rules("match /users/{u}/{rest=**}/items/{id} { allow list: if true; }")
        let underRoot = scoped.authorize(F.list(F.query("items", group: true)), lookup: FakeDocumentLookup())
        #expect(underRoot.denialDetail == "\nNo matching allow statements")
        var underUser = F.query("items", group: true)
        underUser.parent = F.path("users/alice")
        #expect(scoped.authorize(F.list(underUser), lookup: FakeDocumentLookup()) == .allow)
        let v1 = try F.rules("match /{document=**} { allow read: if true; }", version: nil)
        #expect(!v1.authorize(F.list(F.query("items", group: true)), lookup: FakeDocumentLookup()).isAllowed)
        #expect(v1.authorize(F.list(F.query("items")), lookup: FakeDocumentLookup()) == .allow)
    }

    /// A literal document id never matches a list; an unknown id makes `{id}`-based rules unprovable.
    @Test func documentIdIsUnknown() throws {
        let rules = try F.rules("""
            match /items/fixed { allow list: if true; }
            match /items/{id} { allow list: if id.size() > 0; }
            """)
        let decision = rules.authorize(F.list(F.query("items")), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nUnsupported operation error. Received: constraint.size(). for 'list' @ L5")
    }

    /// An expansion beyond 100 disjuncts is refused.
    @Test func tooManyDisjuncts() throws {
        let values = Value.array((0..<11).map { Value.integer($0) })
        let product = QueryFilter.composite(.and, [F.filter("a", .in, values), F.filter("b", .in, values)])
        let rules = try F.rules("match /items/{id} { allow list: if true; }")
        let decision = rules.authorize(F.list(F.query("items", where: product)), lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nQuery too complex for rules: more than 100 disjunctions.")
    }
}
