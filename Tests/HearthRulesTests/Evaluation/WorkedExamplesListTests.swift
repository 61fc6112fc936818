import HearthCore
@testable import HearthRules
import Testing

/// Fact sheet §6: queries are judged from their constraints, never from data (E20–E25, E42).
@Suite struct WorkedExamplesListTests {
    typealias F = EvaluationFixture

    /// Judges `query` for `auth` against `rules`, with `stored` documents that must not matter.
    private func lists(
        _ rules: SecurityRules, _ query: StructuredQuery, as auth: AccessContext = .unauthenticated,
        stored: [String: [String: Value]] = [:]
    ) -> AccessDecision {
        rules.authorize(F.list(query, auth: auth), lookup: FakeDocumentLookup(stored))
    }

    /// E20 — the query must carry the rule's constraint.
    @Test func e20QueryMustCarryConstraint() throws {
        let rules = try F.rules(
            "match /stories/{id} { allow read: if request.auth != null && request.auth.uid == resource.data.author; }")
        let stored: [String: [String: Value]] = ["stories/a": ["author": "alice"], "stories/b": ["author": "alice"]]
        let alice = F.user("alice")
        let own = F.query("stories", where: F.filter("author", .equal, "alice"))
        #expect(lists(rules, own, as: alice, stored: stored) == .allow)
        #expect(!lists(rules, F.query("stories"), as: alice, stored: stored).isAllowed)
        #expect(!lists(rules, F.query("stories", where: F.filter("author", .equal, "bob")), as: alice).isAllowed)
        let published = lists(rules, F.query("stories", where: F.filter("published", .equal, true)), as: alice)
        #expect(published.denialDetail == "\nProperty author is undefined on object. for 'list' @ L4")
    }

    /// E21 — public-or-own list (`E || true` absorbs the unconstrained field).
    @Test func e21PublicOrOwnList() throws {
        let rules = try F.rules("""
            match /stories/{id} {
              allow read: if resource.data.published == true
                          || (request.auth != null && request.auth.uid == resource.data.author);
            }
            """)
        #expect(lists(rules, F.query("stories", where: F.filter("published", .equal, true))) == .allow)
        let own = F.query("stories", where: F.filter("author", .equal, "alice"))
        #expect(lists(rules, own, as: F.user("alice")) == .allow)
        #expect(!lists(rules, own).isAllowed)
    }

    /// E22 — query limit.
    @Test func e22QueryLimit() throws {
        let rules = try F.rules("match /stories/{id} { allow list: if request.query.limit <= 10; }")
        #expect(lists(rules, F.query("stories", limit: 5)) == .allow)
        #expect(lists(rules, F.query("stories", limit: 20)).denialDetail == "\nfalse for 'list' @ L4")
        let unlimited = lists(rules, F.query("stories"))
        #expect(unlimited.denialDetail == "\nProperty limit is undefined on object. for 'list' @ L4")
    }

    /// E23 — OR and `in` queries: every value is judged on its own.
    @Test func e23OrAndInQueries() throws {
        let rules = try F.rules("match /mydocuments/{doc} { allow read: if resource.data.x > 5; }")
        #expect(lists(rules, F.query("mydocuments", where: F.filter("x", .in, [6, 42, 99]))) == .allow)
        #expect(!lists(rules, F.query("mydocuments", where: F.filter("x", .in, [1, 3, 6]))).isAllowed)
        let allowedOr = QueryFilter.composite(.or, [F.filter("x", .equal, 6), F.filter("x", .equal, 42)])
        #expect(lists(rules, F.query("mydocuments", where: allowedOr)) == .allow)
        let deniedOr = QueryFilter.composite(.or, [F.filter("x", .equal, 1), F.filter("x", .equal, 6)])
        #expect(lists(rules, F.query("mydocuments", where: deniedOr)).denialDetail == "\nfalse for 'list' @ L4")
    }

    /// E24 — collection group queries need a recursive-wildcard match.
    @Test func e24CollectionGroup() throws {
        let inner = """
            match /{path=**}/posts/{post} { allow read: if request.auth != null; }
            match /forums/{forumid}/posts/{postid} {
              allow write: if request.auth != null && request.auth.uid == resource.data.author;
            }
            """
        let rules = try F.rules(inner)
        let group = F.query("posts", group: true)
        #expect(lists(rules, group, as: F.user("alice")) == .allow)
        #expect(lists(rules, group).denialDetail == "\nfalse for 'list' @ L4")
        let withoutGroupRule = try F.rules("""
            match /forums/{forumid}/posts/{postid} { allow read: if request.auth != null; }
            """)
        #expect(lists(withoutGroupRule, group, as: F.user("alice")).denialDetail == "\nNo matching allow statements")
    }

    /// E25 — parent wildcards are bound in list rules.
    @Test func e25ParentWildcardInListRules() throws {
        let rules = try F.rules("""
            match /users/{userId}/notes/{noteId} { allow list: if request.auth != null && request.auth.uid == userId; }
            """)
        #expect(lists(rules, F.query("users/alice/notes"), as: F.user("alice")) == .allow)
        #expect(!lists(rules, F.query("users/bob/notes"), as: F.user("alice")).isAllowed)
    }

    /// E42 — membership lists and array-contains queries.
    @Test func e42MembershipAndArrayContains() throws {
        let rules = try F.rules(
            "match /groups/{g} { allow read: if request.auth != null && request.auth.uid in resource.data.members; }")
        let stored: [String: [String: Value]] = [
            "groups/a": ["members": ["alice", "bob"]], "groups/b": ["members": ["carol"]],
        ]
        let alice = F.user("alice")
        let lookup = FakeDocumentLookup(stored)
        let member = F.request(.get, "groups/a", auth: alice, stored: stored["groups/a"])
        #expect(rules.authorize(member, lookup: lookup) == .allow)
        let outsider = F.request(.get, "groups/b", auth: alice, stored: stored["groups/b"])
        #expect(!rules.authorize(outsider, lookup: lookup).isAllowed)
        let contains = F.query("groups", where: F.filter("members", .arrayContains, "alice"))
        #expect(lists(rules, contains, as: alice, stored: stored) == .allow)
        #expect(!lists(rules, F.query("groups"), as: alice, stored: stored).isAllowed)
    }
}
