import HearthCore
@testable import HearthRules
import Testing

/// Fact sheet §6: validating written data (E5–E10, E28, E30, E31, E38, E39, E43).
@Suite struct WorkedExamplesDataTests {
    typealias F = EvaluationFixture

    /// Whether creating `path` with `data` is allowed.
    private func creates(_ rules: SecurityRules, _ path: String, _ data: [String: Value]) -> Bool {
        rules.authorize(F.request(.create, path, auth: F.user("u"), incoming: data), lookup: FakeDocumentLookup())
            .isAllowed
    }

    /// Whether updating `path` from `stored` to `incoming` (the full document after the write) is allowed.
    private func updates(
        _ rules: SecurityRules, _ path: String, from stored: [String: Value], to incoming: [String: Value]
    ) -> Bool {
        let request = F.request(.update, path, auth: F.user("u"), stored: stored, incoming: incoming)
        return rules.authorize(request, lookup: FakeDocumentLookup()).isAllowed
    }

    /// E5 — only some fields may change (MapDiff).
    @Test func e5OnlySomeFieldsMayChange() throws {
        let rules = try F.rules("""
            match /restaurant/{id} {
              allow update: if request.resource.data.diff(resource.data).affectedKeys()
                               .hasOnly(['name', 'location', 'city', 'address', 'hours', 'cuisine']);
            }
            """)
        let stored: [String: Value] = ["name": "A", "city": "X", "average_score": 4]
        #expect(updates(rules, "restaurant/r", from: stored, to: ["name": "B", "city": "X", "average_score": 4]))
        #expect(!updates(rules, "restaurant/r", from: stored, to: ["name": "A", "city": "X", "average_score": 5]))
        #expect(
            !updates(
                rules, "restaurant/r", from: stored,
                to: ["name": "A", "city": "X", "average_score": 4, "telephone": "123"]))
        #expect(updates(rules, "restaurant/r", from: stored, to: stored))
    }

    /// E6 — protected fields (negated hasAny).
    @Test func e6ProtectedFields() throws {
        let rules = try F.rules("""
            match /restaurant/{id} {
              allow update: if !request.resource.data.diff(resource.data).affectedKeys()
                                .hasAny(['average_score', 'rating_count']);
            }
            """)
        let stored: [String: Value] = ["name": "A", "average_score": 4, "rating_count": 2]
        #expect(updates(rules, "restaurant/r", from: stored, to: ["name": "B", "average_score": 4, "rating_count": 2]))
        #expect(!updates(rules, "restaurant/r", from: stored, to: ["name": "A", "average_score": 4, "rating_count": 9]))
        #expect(!updates(rules, "restaurant/r", from: stored, to: ["name": "A", "average_score": 4]))
        #expect(updates(rules, "restaurant/r", from: stored, to: stored))
    }

    /// E7 — required and optional fields on create.
    @Test func e7RequiredAndOptionalFields() throws {
        let rules = try F.rules("""
            match /restaurant/{id} {
              allow create: if request.resource.data.keys().hasAll(['name', 'location', 'city'])
                            && request.resource.data.keys()
                                 .hasOnly(['name','location','city','address','hours','cuisine']);
            }
            """)
        #expect(creates(rules, "restaurant/r", ["name": "n", "location": "l", "city": "c"]))
        #expect(creates(rules, "restaurant/r", ["name": "n", "location": "l", "city": "c", "hours": "9-5"]))
        #expect(!creates(rules, "restaurant/r", ["name": "n", "location": "l"]))
        #expect(!creates(rules, "restaurant/r", ["name": "n", "location": "l", "city": "c", "average_score": 5]))
    }

    /// E8 — field types with `is`.
    @Test func e8FieldTypes() throws {
        let rules = try F.rules("""
            match /restaurant/{r}/review/{rev} {
              allow create: if request.resource.data.score is int && request.resource.data.headline is string;
            }
            """)
        #expect(creates(rules, "restaurant/r/review/v", ["score": 5, "headline": "ok"]))
        #expect(!creates(rules, "restaurant/r/review/v", ["score": 4.5, "headline": "ok"]))
        #expect(!creates(rules, "restaurant/r/review/v", ["score": "5", "headline": "ok"]))
        #expect(!creates(rules, "restaurant/r/review/v", ["headline": "ok"]))
    }

    /// E9 — optional field with `get()` default.
    @Test func e9OptionalFieldDefaults() throws {
        let rules = try F.rules("""
            match /posts/{id} {
              allow create: if request.resource.data.get('tags', []) is list
                            && request.resource.data.get('photo_url', '') is string;
            }
            """)
        #expect(creates(rules, "posts/p", ["title": "t"]))
        #expect(creates(rules, "posts/p", ["tags": ["a"]]))
        #expect(!creates(rules, "posts/p", ["tags": "a"]))
    }

    /// E10 — `== null` is not an absence test.
    @Test func e10NullIsNotAbsence() throws {
        let rules = try F.rules("""
            match /a/{id} { allow create: if request.resource.data.typo == null; }
            match /b/{id} { allow create: if !('typo' in request.resource.data); }
            """)
        let missing = rules.authorize(
            F.request(.create, "a/1", auth: F.user("u"), incoming: ["name": "x"]), lookup: FakeDocumentLookup())
        #expect(missing.denialDetail == "\nProperty typo is undefined on object. for 'create' @ L4")
        #expect(creates(rules, "b/1", ["name": "x"]))
        #expect(creates(rules, "a/2", ["typo": nil]))
    }

    /// E28 — time windows.
    @Test func e28TimeWindows() throws {
        let rules = try F.rules("""
            match /events/{id} {
              allow create: if request.resource.data.expiresAt > request.time
                            && request.resource.data.expiresAt < request.time + duration.value(7, 'd');
            }
            """)
        /// A timestamp `offset` seconds from now.
        func at(_ offset: Int64) -> Value {
            .timestamp(Timestamp(uncheckedSeconds: F.now.seconds + offset, nanoseconds: 0))
        }
        #expect(creates(rules, "events/e", ["expiresAt": at(86_400)]))
        #expect(!creates(rules, "events/e", ["expiresAt": at(8 * 86_400)]))
        #expect(!creates(rules, "events/e", ["expiresAt": at(-3_600)]))
        let text = rules.authorize(
            F.request(.create, "events/e", auth: F.user("u"), incoming: ["expiresAt": "2030-01-01"]),
            lookup: FakeDocumentLookup())
        #expect(text.denialDetail?.contains("Unsupported operation error") == true)
    }

    /// E30 — string checks.
    @Test func e30StringChecks() throws {
        let rules = try F.rules("""
            match /posts/{id} {
              allow create: if request.resource.data.slug.matches('[a-z0-9-]+')
                            && request.resource.data.title.size() <= 10;
            }
            """)
        #expect(creates(rules, "posts/p", ["slug": "hello-world", "title": "Hi"]))
        #expect(!creates(rules, "posts/p", ["slug": "Hello", "title": "Hi"]))
        #expect(!creates(rules, "posts/p", ["slug": "a b", "title": "Hi"]))
        #expect(!creates(rules, "posts/p", ["slug": "ok", "title": "12345678901"]))
    }

    /// E31 — error absorption in `||` / `&&`.
    @Test func e31ErrorAbsorption() throws {
        let rules = try F.rules("""
            match /a/{id} { allow create: if request.resource.data.missing > 0 || true; }
            match /b/{id} { allow create: if request.resource.data.missing > 0 || false; }
            match /c/{id} { allow create: if !(request.resource.data.missing > 0 && false); }
            """)
        #expect(creates(rules, "a/1", ["x": 1]))
        #expect(!creates(rules, "b/1", ["x": 1]))
        #expect(creates(rules, "c/1", ["x": 1]))
    }

    /// E38 — integer arithmetic.
    @Test func e38IntegerArithmetic() throws {
        let rules = try F.rules("match /n/{id} { allow create: if request.resource.data.v / 2 == 2; }")
        #expect(creates(rules, "n/1", ["v": 5]))
        #expect(!creates(rules, "n/1", ["v": 5.0]))
        #expect(creates(rules, "n/1", ["v": 4]))
    }

    /// E39 — list helpers.
    @Test func e39ListHelpers() throws {
        let rules = try F.rules("""
            match /p/{id} {
              allow create: if request.resource.data.tags.hasOnly(['news', 'tech', 'sport'])
                            && request.resource.data.tags.size() <= 2
                            && request.resource.data.tags.toSet().size() == request.resource.data.tags.size();
            }
            """)
        #expect(creates(rules, "p/1", ["tags": ["news"]]))
        #expect(!creates(rules, "p/1", ["tags": ["news", "news"]]))
        #expect(!creates(rules, "p/1", ["tags": ["news", "cars"]]))
        #expect(creates(rules, "p/1", ["tags": []]))
    }

    /// E43 — `in` and absence on maps.
    @Test func e43InAndAbsenceOnMaps() throws {
        let rules = try F.rules("""
            match /profiles/{uid} {
              allow create: if !('ranking' in request.resource.data) && request.resource.data.size() <= 3;
            }
            """)
        #expect(creates(rules, "profiles/u", ["name": "a"]))
        #expect(!creates(rules, "profiles/u", ["name": "a", "ranking": 1]))
        #expect(!creates(rules, "profiles/u", ["a": 1, "b": 2, "c": 3, "d": 4]))
    }
}
