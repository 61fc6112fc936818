import Foundation
import Hearth
import HearthTesting
import Komunit

/// A rules test environment with Komunit's rules and a seeded group:
/// `groups/g1` (owner alice, member bob, 2 of 3 places taken), its memberships, message `m1` by
/// alice, flexible event `e1` (bob attends) and fixed event `e2`, report `r1` by bob; carol belongs
/// to no group. alice, bob and carol have confirmed e-mails; `bobUnconfirmed` is bob's uid with a
/// token whose `email_verified` is false, and dora (a user document, no group) never confirmed hers.
struct RulesFixture {
    let env: RulesTestEnvironment
    let alice: Firestore
    let bob: Firestore
    let carol: Firestore
    let anonymous: Firestore
    let bobUnconfirmed: Firestore
    let dora: Firestore
    static let time = Timestamp(microseconds: 1_800_000_000_000_000)

    init() async throws {
        env = try RulesTestEnvironment(rules: Komunit.files.rules, projectID: "rules-komunit")
        alice = try Self.confirmed("alice", in: env)
        bob = try Self.confirmed("bob", in: env)
        carol = try Self.confirmed("carol", in: env)
        anonymous = env.unauthenticatedContext()
        bobUnconfirmed = try Self.unconfirmed("bob", in: env)
        dora = try Self.unconfirmed("dora", in: env)
        try await env.withSecurityRulesDisabled { admin in
            try await admin.document("users/alice").setData(try Self.user("alice", groups: ["g1"], owned: ["g1"]))
            try await admin.document("users/bob").setData(try Self.user("bob", groups: ["g1"]))
            try await admin.document("users/carol").setData(try Self.user("carol"))
            try await admin.document("users/dora").setData(try Self.user("dora"))
            try await admin.document("groups/g1").setData(try Self.group(owner: "alice", count: 2, limit: 3))
            try await admin.document("memberships/g1_alice").setData(Self.membership("alice", "g1"))
            try await admin.document("memberships/g1_bob").setData(Self.membership("bob", "g1"))
            try await admin.document("groups/g1/messages/m1").setData([
                "senderId": "alice", "content": "Hola", "sentAt": Self.time, "readBy": ["alice"],
            ])
            try await admin.document("groups/g1/events/e1").setData(Self.event(flexible: true))
            try await admin.document("groups/g1/events/e2").setData(Self.event(flexible: false))
            try await admin.document("groups/g1/events/e1/attendances/bob").setData(["userId": "bob"])
            try await admin.document("reports/r1").setData([
                "reporterId": "bob", "target": "groups/g1/messages/m1", "reason": "Spam", "createdAt": Self.time,
            ])
        }
    }

    /// A handle of `uid` whose ID token says the e-mail is confirmed (`email_verified: true`).
    static func confirmed(_ uid: String, in env: RulesTestEnvironment) throws -> Firestore {
        try env.authenticatedContext(uid, claims: ["email": "\(uid)@uma.es", "email_verified": true])
    }

    /// A handle of `uid` whose ID token says the e-mail is not confirmed yet (RNF0).
    static func unconfirmed(_ uid: String, in env: RulesTestEnvironment) throws -> Firestore {
        try env.authenticatedContext(uid, claims: ["email": "\(uid)@uma.es", "email_verified": false])
    }

    /// alice, bob, carol and the signed-out: everyone asking for what no client may do.
    var everyone: [Firestore] { [alice, bob, carol, anonymous] }

    /// Runs `operation` as each of `denied`, which the rules must refuse, then as each of
    /// `allowed`, which they must let through (`assertFails` / `assertSucceeds` one by one).
    func expect(
        allowed: [Firestore] = [], denied: [Firestore] = [], _ operation: (Firestore) async throws -> Void
    ) async throws {
        for db in denied { try await assertFails { try await operation(db) } }
        for db in allowed { try await assertSucceeds { try await operation(db) } }
    }

    /// A subcollection of `groups/g1` only its members read: alice and bob get `document` and
    /// list its collection; carol, the signed-out and bob unconfirmed (RNF0) do neither.
    func expectMembersOnlyReads(of document: String) async throws {
        let collection = String(document[..<(document.lastIndex(of: "/") ?? document.endIndex)])
        let readers = [alice, bob]
        let others = [carol, anonymous, bobUnconfirmed]
        try await expect(allowed: readers, denied: others) { _ = try await $0.document(document).getDocument() }
        try await expect(allowed: readers, denied: others) { _ = try await $0.collection(collection).getDocuments() }
    }

    /// Removes the environment's directory.
    func cleanup() { env.cleanup() }

    /// A user document of `uid`.
    static func user(_ uid: String, groups: [String] = [], owned: [String] = [], time: Any = time) throws
        -> [String: Any]
    {
        [
            "name": uid.capitalized, "username": uid, "email": "\(uid)@uma.es", "joinedAt": time,
            "preferredLocation": try GeoPoint(latitude: 36.72, longitude: -4.42), "groupIds": groups, "ownedGroupIds": owned,
        ]
    }

    /// A group document.
    static func group(owner: String, count: Int, limit: Int, time: Any = time) throws -> [String: Any] {
        [
            "title": "Banda", "description": "", "type": "música", "memberLimit": limit,
            "location": try GeoPoint(latitude: 36.72, longitude: -4.42), "placeName": "Málaga",
            "geohash": "eysbgkt7n", "ownerId": owner, "memberCount": count, "lastMessageAt": time,
        ]
    }

    /// A membership document.
    static func membership(_ uid: String, _ groupId: String, time: Any = time) -> [String: Any] {
        ["userId": uid, "groupId": groupId, "joinedAt": time]
    }

    /// An event document.
    static func event(flexible: Bool, time: Any = time) -> [String: Any] {
        [
            "title": "Ensayo", "description": "", "placeName": "Local 3", "createdAt": time, "date": Self.time,
            "isFlexible": flexible,
        ]
    }

    /// The three writes of `uid` joining `groupId` whose count goes from `count` to `count + 1`.
    static func join(_ db: Firestore, _ uid: String, _ groupId: String, count: Int) -> WriteBatch {
        let batch = db.batch()
        batch.setData(
            membership(uid, groupId, time: FieldValue.serverTimestamp()),
            forDocument: db.document("memberships/\(groupId)_\(uid)"))
        batch.updateData(["memberCount": count + 1], forDocument: db.document("groups/\(groupId)"))
        batch.updateData(["groupIds": FieldValue.arrayUnion([groupId])], forDocument: db.document("users/\(uid)"))
        return batch
    }
}

/// A suite whose every test gets a fresh rules environment with the seeded data, removed when the
/// test ends.
class RulesSuite {
    /// The environment and its users.
    let rules: RulesFixture

    init() async throws { rules = try await RulesFixture() }

    deinit { rules.cleanup() }
}
