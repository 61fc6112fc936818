import HearthCore
@testable import HearthRules
import Testing

/// Fact sheet §6: `resource`, `get()`/`exists()`/`getAfter()` and writes on missing or existing
/// documents (E11–E14, E32–E34, E36, E37, E40).
@Suite struct WorkedExamplesDocumentTests {
    typealias F = EvaluationFixture

    /// E11 — role lookup with get().
    @Test func e11RoleLookupWithGet() throws {
        let rules = try F.rules("""
            match /stories/{story} {
              function isOneOfRoles(rsc, array) {
                return request.auth != null && (rsc.data.roles[request.auth.uid] in array);
              }
              allow read: if isOneOfRoles(resource, ['owner', 'writer', 'commenter', 'reader']);
              match /comments/{comment} {
                allow read: if isOneOfRoles(get(/databases/$(database)/documents/stories/$(story)),
                                            ['owner', 'writer', 'commenter', 'reader']);
                allow create: if isOneOfRoles(get(/databases/$(database)/documents/stories/$(story)),
                                              ['owner', 'writer', 'commenter'])
                              && request.resource.data.user == request.auth.uid;
              }
            }
            """)
        let story: [String: Value] = [
            "roles": ["owneruser": "owner", "readeruser": "reader", "commenteruser": "commenter"]
        ]
        let lookup = FakeDocumentLookup(["stories/s1": story])
        let readStory = F.request(.get, "stories/s1", auth: F.user("readeruser"), stored: story)
        #expect(rules.authorize(readStory, lookup: lookup) == .allow)
        let stranger = F.request(.get, "stories/s1", auth: F.user("stranger"), stored: story)
        let strangerDetail = rules.authorize(stranger, lookup: lookup).denialDetail
        #expect(strangerDetail == "\nProperty stranger is undefined on object. for 'get' @ L8")
        let comment = FakeDocumentLookup(["stories/s1": story])
        let readComment = F.request(.get, "stories/s1/comments/c1", auth: F.user("readeruser"))
        #expect(rules.authorize(readComment, lookup: comment) == .allow)
        #expect(comment.reads == ["get stories/s1"])
        /// Whether `uid` may create the comment `data`.
        func create(_ uid: String, _ data: [String: Value]) -> Bool {
            let request = F.request(.create, "stories/s1/comments/new", auth: F.user(uid), incoming: data)
            return rules.authorize(request, lookup: lookup).isAllowed
        }
        #expect(create("commenteruser", ["user": "commenteruser"]))
        #expect(!create("readeruser", ["user": "readeruser"]))
        #expect(!create("commenteruser", ["user": "someone-else"]))
    }

    /// E12 — `resource == null` on create.
    @Test func e12ResourceNullOnCreate() throws {
        let rules = try F.rules("""
            match /stories/{story} {
              allow write: if (resource == null && request.resource.data.roles[request.auth.uid] == 'owner')
                           || (resource != null && resource.data.roles[request.auth.uid] == 'owner');
            }
            """)
        let lookup = FakeDocumentLookup()
        let owner = F.request(
            .create, "stories/new1", auth: F.user("u1"), incoming: ["title": "x", "roles": ["u1": "owner"]])
        #expect(rules.authorize(owner, lookup: lookup) == .allow)
        let reader = F.request(.create, "stories/new2", auth: F.user("u1"), incoming: ["roles": ["u1": "reader"]])
        #expect(!rules.authorize(reader, lookup: lookup).isAllowed)
    }

    /// E13 — exists() of another document; the anonymous case spends no access call.
    @Test func e13ExistsOfAnotherDocument() throws {
        let rules = try F.rules("""
            match /cities/{city} {
              allow create: if request.auth != null
                            && exists(/databases/$(database)/documents/users/$(request.auth.uid));
            }
            """)
        let lookup = FakeDocumentLookup(["users/alice": ["name": "Alice"]])
        let alice = F.request(.create, "cities/c", auth: F.user("alice"), incoming: [:])
        #expect(rules.authorize(alice, lookup: lookup) == .allow)
        let bob = F.request(.create, "cities/c", auth: F.user("bob"), incoming: [:])
        #expect(!rules.authorize(bob, lookup: lookup).isAllowed)
        let anonymousLookup = FakeDocumentLookup(["users/alice": ["name": "Alice"]])
        #expect(!rules.authorize(F.request(.create, "cities/c", incoming: [:]), lookup: anonymousLookup).isAllowed)
        #expect(anonymousLookup.reads.isEmpty)
    }

    /// E14 — get() of a missing document.
    @Test func e14GetOfMissingDocument() throws {
        let rules = try F.rules("""
            match /cities/{city} {
              allow delete: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.admin == true;
            }
            """)
        let lookup = FakeDocumentLookup(["users/alice": ["admin": true], "users/carol": [:]])
        /// Deletes `cities/c` as `uid`.
        func delete(_ uid: String) -> AccessDecision {
            rules.authorize(F.request(.delete, "cities/c", auth: F.user(uid), stored: ["n": 1]), lookup: lookup)
        }
        #expect(delete("alice") == .allow)
        #expect(delete("bob").denialDetail == "\nNull value error. for 'delete' @ L5")
        #expect(delete("carol").denialDetail == "\nProperty admin is undefined on object. for 'delete' @ L5")
    }

    /// E32 — delete rules cannot read request.resource.
    @Test func e32DeleteCannotReadIncoming() throws {
        let rules = try F.rules(
            "match /docs/{id} { allow delete: if request.resource.data.owner == request.auth.uid; }")
        let request = F.request(.delete, "docs/1", auth: F.user("alice"), stored: ["owner": "alice"])
        let decision = rules.authorize(request, lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nNull value error. for 'delete' @ L4")
    }

    /// E33 — update() on a missing document is judged (and denied), not NOT_FOUND.
    @Test func e33UpdateOfMissingDocument() throws {
        let rules = try F.rules("match /notes/{id} { allow update: if resource.data.owner == request.auth.uid; }")
        let request = F.request(.update, "notes/gone", auth: F.user("alice"), incoming: ["x": 1])
        let decision = rules.authorize(request, lookup: FakeDocumentLookup())
        #expect(decision.denialDetail == "\nNull value error. for 'update' @ L4")
        let error = FirestoreError.permissionDenied(detail: decision.denialDetail ?? "")
        #expect(error.code == .permissionDenied)
    }

    /// E34 — set() on an existing document is an update.
    @Test func e34SetOnExistingIsUpdate() throws {
        let rules = try F.rules("match /docs/{id} { allow create: if true; allow update: if false; }")
        let lookup = FakeDocumentLookup()
        #expect(rules.authorize(F.request(.create, "docs/new", incoming: ["a": 1]), lookup: lookup) == .allow)
        let update = F.request(.update, "docs/old", stored: ["a": 0], incoming: ["a": 1])
        #expect(rules.authorize(update, lookup: lookup).denialDetail == "\nfalse for 'update' @ L4")
    }

    /// E36 — batch with getAfter(): the after-state decides.
    @Test func e36BatchWithGetAfter() throws {
        let rules = try F.rules("""
            match /cities/{city} {
              allow write: if request.auth != null
                && getAfter(/databases/$(database)/documents/countries/$(request.resource.data.country))
                     .data.last_updated == request.time;
            }
            match /countries/{country} { allow write: if request.auth != null; }
            """)
        let yesterday = Value.timestamp(Timestamp(uncheckedSeconds: F.now.seconds - 86_400, nanoseconds: 0))
        let stored: [String: [String: Value]] = [
            "cities/Paris": ["country": "FR", "pop": 0], "countries/FR": ["last_updated": yesterday],
        ]
        var after = stored
        after["cities/Paris"] = ["country": "FR", "pop": 1]
        after["countries/FR"] = ["last_updated": .timestamp(F.now)]
        let alice = F.user("alice")
        let city = F.request(
            .update, "cities/Paris", auth: alice, stored: ["country": "FR", "pop": 0],
            incoming: ["country": "FR", "pop": 1])
        let country = F.request(
            .update, "countries/FR", auth: alice, stored: ["last_updated": yesterday],
            incoming: ["last_updated": .timestamp(F.now)], accessCallLimit: 20)
        let batch = FakeDocumentLookup(stored, after: after)
        #expect(rules.authorize(city, lookup: batch) == .allow)
        #expect(rules.authorize(country, lookup: batch) == .allow)
        #expect(batch.reads == ["after countries/FR"])
        var cityOnly = stored
        cityOnly["cities/Paris"] = ["country": "FR", "pop": 1]
        #expect(!rules.authorize(city, lookup: FakeDocumentLookup(stored, after: cityOnly)).isAllowed)
    }

    /// E37 — reading a missing document.
    @Test func e37ReadingMissingDocument() throws {
        let rules = try F.rules("match /codes/{id} { allow get: if resource == null || resource.data.public == true; }")
        let lookup = FakeDocumentLookup()
        #expect(rules.authorize(F.request(.get, "codes/nope"), lookup: lookup) == .allow)
        #expect(!rules.authorize(F.request(.get, "codes/a", stored: ["public": false]), lookup: lookup).isAllowed)
    }

    /// E40 — access-call limit: the 11th distinct call denies; a 10th call returning true allows.
    @Test func e40AccessCallLimit() throws {
        let rules = try F.rules("""
            function f(i) { return exists(/databases/$(database)/documents/x/$(string(i))); }
            match /t/{id} {
              allow get: if f(1) || f(2) || f(3) || f(4) || f(5) || f(6) || f(7) || f(8) || f(9) || f(10) || f(11);
            }
            """)
        let empty = FakeDocumentLookup()
        let denied = rules.authorize(F.request(.get, "t/a"), lookup: empty)
        let message = "Evaluation limit exceeded: more than 10 document access calls."
        #expect(denied.denialDetail == "\n\(message) for 'get' @ L6")
        #expect(empty.reads.count == 10)
        let tenth = FakeDocumentLookup(["x/10": ["n": 1]])
        #expect(rules.authorize(F.request(.get, "t/a"), lookup: tenth) == .allow)
    }
}
