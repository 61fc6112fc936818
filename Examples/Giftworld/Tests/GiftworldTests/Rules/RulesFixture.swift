import Foundation
import Giftworld
import Hearth
import HearthTesting

/// A rules test environment with Giftworld's rules and a little seeded data:
/// - users alice, bob, carol, dave; group g1 = alice, bob, carol (by alice); g2 = bob, dave (by bob),
///   with the matching `memberships`;
/// - alice's gifts gA1 (60 €, bought) and gA2 (30 €, not bought), bob's gift gB1;
/// - purchase `alice_gA1` by bob (payer) and carol in g1, and carol's debt `alice_gA1_carol` of 30 € to bob.
final class RulesFixture {
    let env: RulesTestEnvironment
    let alice, bob, carol, dave, anonymous: Firestore

    init() async throws {
        env = try RulesTestEnvironment(rules: Giftworld.files.rules, projectID: "rules-giftworld")
        let signedIn = { [env] (uid: String) in try Self.signedIn(uid, in: env) }
        (alice, bob, carol, dave) = try (signedIn("alice"), signedIn("bob"), signedIn("carol"), signedIn("dave"))
        anonymous = env.unauthenticatedContext()
        try await env.withSecurityRulesDisabled { admin in
            for (uid, groups) in [("alice", ["g1"]), ("bob", ["g1", "g2"]), ("carol", ["g1"]), ("dave", ["g2"])] {
                try await admin.document("users/\(uid)").setData(Self.user(uid))
                try await admin.document("memberships/\(uid)").setData(["groups": groups])
            }
            try await admin.document("groups/g1").setData(Self.group(["alice", "bob", "carol"], by: "alice"))
            try await admin.document("groups/g2").setData(Self.group(["bob", "dave"], by: "bob"))
            try await admin.document("users/alice/gifts/gA1").setData(Self.gift("Cafetera", 60))
            try await admin.document("users/alice/gifts/gA2").setData(Self.gift("Sábanas", 30))
            try await admin.document("users/bob/gifts/gB1").setData(Self.gift("Libro", 20))
            try await admin.document("purchases/alice_gA1").setData(
                Self.purchase(owner: "alice", gift: "gA1", buyers: ["bob", "carol"], price: 60))
            try await admin.document("debts/alice_gA1_carol").setData(
                Self.debt(purchase: "alice_gA1", debtor: "carol", creditor: "bob", amount: 30))
        }
    }

    /// Removes the environment's directory.
    deinit { env.cleanup() }

    /// A handle signed in as `uid`, with the address `<uid>@test.es`.
    static func signedIn(_ uid: String, in env: RulesTestEnvironment) throws -> Firestore {
        try env.authenticatedContext(uid, claims: ["email": "\(uid)@test.es"])
    }

    /// A user card.
    static func user(_ uid: String, firstname: String = "Nombre") -> [String: Any] {
        ["firstname": firstname, "lastname": "Test", "email": "\(uid)@test.es", "image_url": ""]
    }

    /// A group.
    static func group(_ members: [String], by creator: String, name: String = "Grupo") -> [String: Any] {
        ["name": name, "image_url": "", "members": members, "createdBy": creator]
    }

    /// A gift stamped with the commit time.
    static func gift(_ name: String, _ price: Double) -> [String: Any] {
        [
            "name": name, "brand": "", "price": price, "link": "", "image_url": "",
            "createdAt": FieldValue.serverTimestamp(),
        ]
    }

    /// A purchase in g1 stamped with the commit time.
    static func purchase(owner: String, gift: String, buyers: [String], price: Double, group: String = "g1")
        -> [String: Any]
    {
        [
            "giftPath": "users/\(owner)/gifts/\(gift)", "owner": owner, "groupId": group, "buyers": buyers,
            "price": price, "purchasedAt": FieldValue.serverTimestamp(),
        ]
    }

    /// A debt in g1.
    static func debt(purchase: String, debtor: String, creditor: String, amount: Double) -> [String: Any] {
        ["groupId": "g1", "debtor": debtor, "creditor": creditor, "amount": amount, "purchase": purchase]
    }
}
