import HearthCore
@testable import HearthRules
import Testing

/// Fact sheet §6: how match blocks select statements (E15–E19, E29, E35).
@Suite struct WorkedExamplesMatchTests {
    typealias F = EvaluationFixture

    /// Whether a `get` of `path` is allowed.
    private func reads(_ rules: SecurityRules, _ path: String) -> AccessDecision {
        rules.authorize(F.request(.get, path, auth: F.user("alice")), lookup: FakeDocumentLookup())
    }

    /// E15 — recursive wildcard, version 2 (zero or more segments).
    @Test func e15RecursiveWildcardVersion2() throws {
        let rules = try F.rules("match /cities/{city}/{document=**} { allow read: if true; }")
        #expect(reads(rules, "cities/SF") == .allow)
        #expect(reads(rules, "cities/SF/landmarks/coit") == .allow)
        #expect(reads(rules, "countries/FR").denialDetail == "\nNo matching allow statements")
    }

    /// E16 — the same rules in version 1 (one or more segments).
    @Test func e16RecursiveWildcardVersion1() throws {
        let rules = try F.rules("match /cities/{city}/{document=**} { allow read: if true; }", version: nil)
        #expect(reads(rules, "cities/SF").denialDetail == "\nNo matching allow statements")
        #expect(reads(rules, "cities/SF/landmarks/coit") == .allow)
    }

    /// E17 — rules do not cascade.
    @Test func e17RulesDoNotCascade() throws {
        let rules = try F.rules("match /cities/{city} { allow read: if true; }")
        #expect(reads(rules, "cities/SF") == .allow)
        #expect(!reads(rules, "cities/SF/landmarks/coit").isAllowed)
    }

    /// E18 — overlapping matches are ORed.
    @Test func e18OverlappingMatchesAreOred() throws {
        let rules = try F.rules("""
            match /cities/{city}   { allow read, write: if false; }
            match /cities/{document} { allow read, write: if true; }
            """)
        #expect(reads(rules, "cities/SF") == .allow)
        let set = F.request(.create, "cities/SF", auth: F.user("alice"), incoming: [:])
        #expect(rules.authorize(set, lookup: FakeDocumentLookup()) == .allow)
    }

    /// E19 — the broader rule wins.
    @Test func e19BroaderRuleWins() throws {
        let rules = try F.rules("""
            match /items/{id} {
              allow write: if request.auth != null;
              allow update: if request.auth != null
                            && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['points']);
            }
            """)
        let update = F.request(
            .update, "items/1", auth: F.user("bob"), stored: ["points": 1, "owner": "a"],
            incoming: ["points": 1, "owner": "bob"])
        #expect(rules.authorize(update, lookup: FakeDocumentLookup()) == .allow)
    }

    /// E24 (single-document part) — a collection-group match also covers a top-level collection.
    @Test func e24CollectionGroupMatchCoversTopLevel() throws {
        let rules = try F.rules("""
            match /{path=**}/posts/{post} { allow read: if request.auth != null; }
            match /forums/{forumid}/posts/{postid} {
              allow write: if request.auth != null && request.auth.uid == resource.data.author;
            }
            """)
        #expect(reads(rules, "posts/p1") == .allow)
        #expect(reads(rules, "forums/f/posts/p1") == .allow)
    }

    /// E29 — test-mode expiry.
    @Test func e29TestModeExpiry() throws {
        let rules = try F.rules(
            "match /{document=**} { allow read, write: if request.time < timestamp.date(2030, 1, 1); }")
        let before = Timestamp(uncheckedSeconds: 1_893_455_999, nanoseconds: 0)
        let after = Timestamp(uncheckedSeconds: 1_893_456_000, nanoseconds: 0)
        let lookup = FakeDocumentLookup()
        #expect(rules.authorize(F.request(.get, "any/doc", time: before), lookup: lookup) == .allow)
        #expect(rules.authorize(F.request(.create, "a/b/c/d", incoming: [:], time: before), lookup: lookup) == .allow)
        let expired = rules.authorize(F.request(.get, "any/doc", time: after), lookup: lookup)
        #expect(expired.denialDetail == "\nfalse for 'get' @ L4")
    }

    /// E35 — field unchanged, version 1 file with a service-level function.
    @Test func e35FieldUnchangedVersion1() throws {
        let rules = try SecurityRules(source: """
            service cloud.firestore {
              function unchanged(key) {
                return (key in resource.data) && (key in request.resource.data)
                    && (resource.data[key] == request.resource.data[key]);
              }
              match /databases/{database}/documents {
                match /{document=**} {
                  allow read: if true;
                  allow update: if (request.resource.data.keys() == resource.data.keys()) && unchanged("name");
                }
              }
            }
            """)
        let stored: [String: Value] = ["name": "test-doc", "age": 1]
        /// Whether updating `docs/test` to `incoming` is allowed.
        func update(_ incoming: [String: Value]) -> Bool {
            let request = F.request(.update, "docs/test", stored: stored, incoming: incoming)
            return rules.authorize(request, lookup: FakeDocumentLookup()).isAllowed
        }
        #expect(reads(rules, "any/doc") == .allow)
        #expect(update(["name": "test-doc", "age": 2]))
        #expect(!update(["name": "sam", "age": 1]))
        #expect(!update(["name": "test-doc", "age": 1, "other": "x"]))
    }
}
