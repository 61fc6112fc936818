import Foundation
import Hearth
import HearthTesting
import RoomieFinder

/// A rules test environment with RoomieFinder's rules and a little seeded data:
/// profiles of alice and bob, ad `ad-alice` by alice, alice's favourite of `ad-bob`,
/// and one message m1 from alice to bob with both recent entries.
struct RulesFixture {
    let env: RulesTestEnvironment
    let alice: Firestore
    let bob: Firestore
    let carol: Firestore
    let anonymous: Firestore

    init() async throws {
        env = try RulesTestEnvironment(rules: RoomieFinder.files.rules, projectID: "rules-roomiefinder")
        alice = try env.authenticatedContext("alice")
        bob = try env.authenticatedContext("bob")
        carol = try env.authenticatedContext("carol")
        anonymous = env.unauthenticatedContext()
        try await env.withSecurityRulesDisabled { admin in
            try await admin.document("Perfiles/alice").setData(Self.profile("alice", "Alice"))
            try await admin.document("Perfiles/bob").setData(Self.profile("bob", "Bob"))
            try await admin.document("Perfiles/carol").setData(Self.profile("carol", "Carol"))
            try await admin.document("Anuncios/ad-alice").setData(
                Self.ad(owner: "alice", time: FieldValue.serverTimestamp()))
            try await admin.document("Anuncios/ad-bob").setData(
                Self.ad(owner: "bob", time: FieldValue.serverTimestamp()))
            try await admin.document("Favoritos/alice_ad-bob").setData(["currentUser": "alice", "anuncioID": "ad-bob"])
            let message = Self.message(from: "alice", to: "bob", time: FieldValue.serverTimestamp())
            try await admin.document("Chats/alice/bob/m1").setData(message)
            try await admin.document("Chats/bob/alice/m1").setData(message)
            try await admin.document("recent_messages/alice/messages/bob").setData(
                Self.recent(from: "alice", to: "bob", other: "Bob"))
            try await admin.document("recent_messages/bob/messages/alice").setData(
                Self.recent(from: "alice", to: "bob", other: "Alice"))
        }
    }

    /// Removes the environment's directory.
    func cleanup() { env.cleanup() }

    /// Registration fields of `uid`.
    static func profile(_ uid: String, _ name: String) -> [String: Any] {
        ["userID": uid, "nombre": name, "apellido": "Test", "fnac": "2000-01-01"]
    }

    /// A complete ad by `owner` with `creadoEn` = `time`.
    static func ad(owner: String, time: Any) -> [String: Any] {
        [
            "userID": owner, "barrio": "Centro", "tiempoEstancia": "4 meses", "presupuesto": "300", "num_hab": "2",
            "creadoEn": time,
        ]
    }

    /// A chat message stamped `time`.
    static func message(from: String, to: String, text: String = "Hola", time: Any) -> [String: Any] {
        ["fromID": from, "toID": to, "text": text, "timestamp": time]
    }

    /// A recent-message entry showing `other`'s name (as `profile(_:_:)` stores it, with no
    /// picture: the default avatar), stamped with the server time.
    static func recent(from: String, to: String, other: String, text: String = "Hola") -> [String: Any] {
        [
            "fromID": from, "toID": to, "text": text, "timestamp": FieldValue.serverTimestamp(),
            "nombre": other, "apellido": "Test", "profileImage": Collections.defaultAvatar,
        ]
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

/// `operation` succeeds when `allowed`, and the rules refuse it otherwise.
func expectRule(_ allowed: Bool, _ operation: () async throws -> Void) async throws {
    if allowed {
        try await assertSucceeds(operation)
    } else {
        _ = try await assertFails(operation)
    }
}
