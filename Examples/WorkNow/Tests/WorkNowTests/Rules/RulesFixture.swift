import Foundation
import Hearth
import HearthTesting
import WorkNow

/// A rules test environment with WorkNow's rules and seeded data (written with rules disabled):
/// - users alice (client, subscribed to Electricista), bobby and carol (electricians), diego (plumber),
///   fermin (no trades);
/// - alice's requests: `req-open` (max 60 €, bobby's offer of 50 €), `req-accepted` (bobby's offer
///   accepted), `req-done` (bobby's, finished by both and paid), `req-unpaid` (the same, not paid),
///   `req-carol` (carol's offer accepted), `req-cancelled`, `req-direct` (a direct hire of bobby,
///   open, with bobby's offer and one by carol written behind the rules' back);
/// - fermin's `req-hire-diego`, an open direct hire of diego (Fontanería);
/// - the chat `aliceATbobbyBT` about `req-accepted` with message `m1`;
/// - bobby's rating of alice for `req-done` (alice's counters 5 / 1).
struct RulesFixture {
    let env: RulesTestEnvironment
    let alice: Firestore
    let bobby: Firestore
    let carol: Firestore
    let diego: Firestore
    let fermin: Firestore
    let anonymous: Firestore

    static let chatID = "aliceATbobbyBT"

    init() async throws {
        env = try RulesTestEnvironment(rules: WorkNow.files.rules, projectID: "rules-worknow")
        alice = try env.authenticatedContext("alice", claims: ["email": "alice@test.es"])
        bobby = try env.authenticatedContext("bobby", claims: ["email": "bobby@test.es"])
        carol = try env.authenticatedContext("carol", claims: ["email": "carol@test.es"])
        diego = try env.authenticatedContext("diego", claims: ["email": "diego@test.es"])
        fermin = try env.authenticatedContext("fermin", claims: ["email": "fermin@test.es"])
        anonymous = env.unauthenticatedContext()
        try await env.withSecurityRulesDisabled { admin in
            var aliceProfile = try Self.profile("alice", trades: ["Electricista"])
            aliceProfile["ratingSum"] = 5.0
            aliceProfile["ratingCount"] = 1
            aliceProfile["lastRatingId"] = "req-done_bobby"
            try await admin.document("users/alice").setData(aliceProfile)
            try await admin.document("users/bobby").setData(try Self.profile("bobby", trades: ["Electricista"]))
            try await admin.document("users/carol").setData(try Self.profile("carol", trades: ["Electricista"]))
            try await admin.document("users/diego").setData(try Self.profile("diego", trades: ["Fontanería"]))
            try await admin.document("users/fermin").setData(try Self.profile("fermin"))
            try await admin.document("requests/req-open").setData(try Self.request(status: "open"))
            try await admin.document("requests/req-accepted").setData(
                try Self.request(status: "accepted", worker: "bobby"))
            try await admin.document("requests/req-done").setData(
                try Self.request(status: "done", worker: "bobby", finishedBy: ["alice", "bobby"], paidAt: Timestamp()))
            try await admin.document("requests/req-unpaid").setData(
                try Self.request(status: "done", worker: "bobby", finishedBy: ["bobby", "alice"]))
            try await admin.document("requests/req-direct").setData(try Self.request(status: "open", hired: "bobby"))
            var hire = try Self.request(status: "open", client: "fermin", hired: "diego")
            hire["categoria"] = "Fontanería"
            try await admin.document("requests/req-hire-diego").setData(hire)
            try await admin.document("requests/req-carol").setData(
                try Self.request(status: "accepted", worker: "carol"))
            try await admin.document("requests/req-cancelled").setData(try Self.request(status: "cancelled"))
            for id in ["req-open", "req-accepted", "req-done", "req-unpaid", "req-direct"] {
                try await admin.document("requests/\(id)/offers/bobby").setData(try Self.offer("bobby", price: 50))
            }
            try await admin.document("requests/req-carol/offers/carol").setData(try Self.offer("carol", price: 45))
            try await admin.document("requests/req-direct/offers/carol").setData(try Self.offer("carol", price: 45))
            try await admin.document("chats/\(Self.chatID)").setData([
                "participants": ["alice", "bobby"], "requestId": "req-accepted",
            ])
            try await admin.document("chats/\(Self.chatID)/messages/m1").setData(
                Self.message(from: "bobby", time: FieldValue.serverTimestamp()))
            try await admin.document("ratings/req-done_bobby").setData([
                "requestId": "req-done", "rater": "bobby", "ratee": "alice", "stars": 5.0, "comment": "",
            ])
        }
    }

    /// Removes the environment's directory.
    func cleanup() { env.cleanup() }

    /// One row of the rules table: `operation` run as each of `allowed` must succeed, and run as
    /// each of `denied` must be refused by the rules (`PERMISSION_DENIED`).
    func expect<T>(
        allowed: [Firestore] = [], denied: [Firestore] = [], _ operation: (Firestore) async throws -> T
    ) async throws {
        for user in allowed { _ = try await assertSucceeds { try await operation(user) } }
        for user in denied { try await assertFails { try await operation(user) } }
    }

    /// Every one of `inputs` (a payload, or who writes where) makes `operation` a request the rules refuse.
    func expectRefused<Input, T>(_ inputs: [Input], _ operation: (Input) async throws -> T) async throws {
        for input in inputs { try await assertFails { try await operation(input) } }
    }

    /// A fresh profile of `uid` (name = capitalized uid, surname "Test") at Sol.
    static func profile(_ uid: String, trades: [String] = []) throws -> [String: Any] {
        [
            "nombre": uid.capitalized, "apellidos": "Test", "email": "\(uid)@test.es", "latitude": "40.4169",
            "longitude": "-3.7035", "location": try GeoPoint(latitude: 40.4169, longitude: -3.7035),
            "oficios": Oficio.allCases.map { ["nombre": $0.rawValue, "selected": trades.contains($0.rawValue)] },
            "trades": trades, "radiusKm": 10.0, "ratingSum": 0.0, "ratingCount": 0,
        ]
    }

    /// A request of `client` in `status` (10 km around Sol), with `worker`'s offer accepted when
    /// given, a direct hire of `hired` when given, `finishedBy` and `paidAt`.
    static func request(
        status: String, worker: String? = nil, time: Any = FieldValue.serverTimestamp(), client: String = "alice",
        hired: String? = nil, finishedBy: [String] = [], paidAt: Timestamp? = nil
    ) throws -> [String: Any] {
        [
            "client": client, "categoria": "Electricista", "descripcion": "Cambiar enchufes", "precio_max": 60.0,
            "location": try GeoPoint(latitude: 40.4169, longitude: -3.7035), "radiusKm": 10.0,
            "worker": hired.map { $0 as Any } ?? NSNull(), "createdAt": time, "status": status,
            "acceptedOffer": worker.map { $0 as Any } ?? NSNull(), "finishedBy": finishedBy,
            "paidAt": paidAt.map { $0 as Any } ?? NSNull(),
        ]
    }

    /// An offer by `worker` at `price` (up to `priceTo`), from Chamberí, stamped with the server time.
    static func offer(
        _ worker: String, price: Double, priceTo: Double? = nil, time: Any = FieldValue.serverTimestamp(),
        rejected: Bool = false
    ) throws -> [String: Any] {
        [
            "worker": worker, "price": price, "priceTo": priceTo.map { $0 as Any } ?? NSNull(), "duration": "1 hora",
            "message": "", "location": try GeoPoint(latitude: 40.434, longitude: -3.704), "createdAt": time,
            "rejected": rejected,
        ]
    }

    /// A chat message by `sender`.
    static func message(from sender: String, text: String = "Hola", time: Any) -> [String: Any] {
        ["senderId": sender, "senderName": sender.capitalized, "text": text, "sentAt": time]
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
