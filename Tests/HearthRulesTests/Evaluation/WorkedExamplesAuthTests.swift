import HearthCore
@testable import HearthRules
import Testing

/// Fact sheet §6: owner checks, null guards, server timestamps, claims and providers
/// (E1–E4, E26, E27, E41).
@Suite struct WorkedExamplesAuthTests {
    typealias F = EvaluationFixture

    /// E1 — owner-only documents.
    @Test func e1OwnerOnlyDocuments() throws {
        let rules = try F.rules(
            "match /users/{userId} { allow read, write: if request.auth != null && request.auth.uid == userId; }")
        let lookup = FakeDocumentLookup()
        #expect(rules.authorize(F.request(.get, "users/alice", auth: F.user("alice")), lookup: lookup) == .allow)
        let bob = rules.authorize(F.request(.get, "users/alice", auth: F.user("bob")), lookup: lookup)
        #expect(bob.denialDetail == "\nfalse for 'get' @ L4")
        let anonymous = rules.authorize(F.request(.get, "users/alice"), lookup: lookup)
        #expect(anonymous.denialDetail == "\nfalse for 'get' @ L4")
    }

    /// E2 — missing null guard.
    @Test func e2MissingNullGuard() throws {
        let rules = try F.rules("match /users/{userId} { allow read: if request.auth.uid == userId; }")
        let anonymous = rules.authorize(F.request(.get, "users/alice"), lookup: FakeDocumentLookup())
        #expect(anonymous.denialDetail == "\nNull value error. for 'get' @ L4")
        let alice = rules.authorize(F.request(.get, "users/alice", auth: F.user("alice")), lookup: FakeDocumentLookup())
        #expect(alice == .allow)
    }

    /// E3 — owner stamped on create.
    @Test func e3OwnerStampedOnCreate() throws {
        let rules = try F.rules("""
            match /rooms/{roomId} {
              allow read;
              allow create: if request.resource.data.owner == request.auth.uid;
              allow update: if resource.data.owner == request.auth.uid
                            && request.resource.data.owner == request.auth.uid;
            }
            """)
        let lookup = FakeDocumentLookup()
        let alice = F.user("alice")
        let create = F.request(.create, "rooms/snow", auth: alice, incoming: ["owner": "alice", "topic": "x"])
        #expect(rules.authorize(create, lookup: lookup) == .allow)
        let forged = F.request(.create, "rooms/boards", auth: alice, incoming: ["owner": "bob"])
        #expect(!rules.authorize(forged, lookup: lookup).isAllowed)
        let takeover = F.request(
            .update, "rooms/snow", auth: alice, stored: ["owner": "alice"], incoming: ["owner": "bob"])
        #expect(!rules.authorize(takeover, lookup: lookup).isAllowed)
        let stranger = F.request(
            .update, "rooms/snow", auth: F.user("bob"), stored: ["owner": "alice"],
            incoming: ["owner": "alice", "topic": "y"])
        #expect(!rules.authorize(stranger, lookup: lookup).isAllowed)
        #expect(rules.authorize(F.request(.get, "rooms/snow"), lookup: lookup) == .allow)
    }

    /// E4 — server timestamp must equal request.time.
    @Test func e4ServerTimestampEqualsRequestTime() throws {
        let rules = try F.rules("""
            match /users/{userId} {
              allow create: if request.auth.uid == userId && request.resource.data.createdAt == request.time;
            }
            """)
        let lookup = FakeDocumentLookup()
        let alice = F.user("alice")
        let stamped: [String: Value] = ["birthday": "Jan 1", "createdAt": .timestamp(F.now)]
        let own = F.request(.create, "users/alice", auth: alice, incoming: stamped)
        #expect(rules.authorize(own, lookup: lookup) == .allow)
        let other = F.request(.create, "users/bob", auth: alice, incoming: stamped)
        #expect(!rules.authorize(other, lookup: lookup).isAllowed)
        let missing = rules.authorize(
            F.request(.create, "users/alice", auth: alice, incoming: ["birthday": "Jan 1"]), lookup: lookup)
        #expect(missing.denialDetail == "\nProperty createdAt is undefined on object. for 'create' @ L5")
        let earlier = Timestamp(uncheckedSeconds: F.now.seconds - 60, nanoseconds: 0)
        let clientTime = F.request(.create, "users/alice", auth: alice, incoming: ["createdAt": .timestamp(earlier)])
        #expect(!rules.authorize(clientTime, lookup: lookup).isAllowed)
    }

    /// E26 — custom claims.
    @Test func e26CustomClaims() throws {
        let rules = try F.rules("""
            match /admin/{doc} { allow write: if request.auth.token.admin == true; }
            match /safe/{doc}  { allow write: if request.auth.token.get('admin', false) == true; }
            """)
        let lookup = FakeDocumentLookup()
        let admin = F.user("a", ["admin": true])
        let plain = F.user("p")
        for path in ["admin/x", "safe/x"] {
            #expect(rules.authorize(F.request(.create, path, auth: admin, incoming: [:]), lookup: lookup) == .allow)
            let anonymous = rules.authorize(F.request(.create, path, incoming: [:]), lookup: lookup)
            #expect(anonymous.denialDetail?.contains("Null value error.") == true)
        }
        let unclaimed = rules.authorize(F.request(.create, "admin/x", auth: plain, incoming: [:]), lookup: lookup)
        #expect(unclaimed.denialDetail == "\nProperty admin is undefined on object. for 'create' @ L4")
        let safe = rules.authorize(F.request(.create, "safe/x", auth: plain, incoming: [:]), lookup: lookup)
        #expect(safe.denialDetail == "\nfalse for 'create' @ L5")
    }

    /// E27 — verified email domain, full-string regex.
    @Test func e27VerifiedEmailDomain() throws {
        let rules = try F.rules("""
            match /staff/{doc} {
              allow read: if request.auth != null && request.auth.token.email_verified == true
                          && request.auth.token.email.matches('.*@acme[.]com');
            }
            """)
        let lookup = FakeDocumentLookup()
        /// Reads `staff/x` as a user with `claims`.
        func read(_ claims: [String: Value]) -> AccessDecision {
            rules.authorize(F.request(.get, "staff/x", auth: F.user("u", claims)), lookup: lookup)
        }
        #expect(read(["email": "alice@acme.com", "email_verified": true]) == .allow)
        #expect(!read(["email": "alice@acme.com.evil.org", "email_verified": true]).isAllowed)
        #expect(!read(["email": "alice@acme.com", "email_verified": false]).isAllowed)
        let phone = read(["email_verified": true, "phone_number": "+1"])
        #expect(phone.denialDetail?.contains("Property email is undefined on object.") == true)
    }

    /// E41 — sign-in provider and anonymous users.
    @Test func e41SignInProvider() throws {
        let rules = try F.rules("""
            match /posts/{id} {
              allow create: if request.auth != null
                            && request.auth.token.firebase.sign_in_provider != 'anonymous';
            }
            """)
        let lookup = FakeDocumentLookup()
        /// Whether `auth` may create `posts/p`.
        func create(_ auth: AccessContext) -> Bool {
            rules.authorize(F.request(.create, "posts/p", auth: auth, incoming: ["a": 1]), lookup: lookup).isAllowed
        }
        #expect(create(F.user("u", ["firebase": ["sign_in_provider": "password"]])))
        #expect(!create(F.user("u", ["firebase": ["sign_in_provider": "anonymous"]])))
        #expect(!create(.unauthenticated))
    }
}
