import Foundation
import Hearth
import HearthTesting
import WorkNow

/// A rules test environment with WorkNow's rules and seeded data (written with rules disabled):
/// - users alice (client, subscribed to Electricista), bobby and carol (electricians), diego (plumber);
/// - alice's requests: `req-open` (max 60 €, bobby's offer of 50 €), `req-accepted` and `req-done`
///   (bobby's offer accepted), `req-carol` (carol's offer accepted), `req-cancelled`;
/// - the chat `aliceATbobbyBT` about `req-accepted` with message `m1`;
/// - bobby's rating of alice for `req-done` (alice's counters 5 / 1).
struct RulesFixture {
    let env: RulesTestEnvironment
    let alice: Firestore
    let bobby: Firestore
    let carol: Firestore
    let diego: Firestore
    let anonymous: Firestore

    static let chatID = "aliceATbobbyBT"

    init() async throws {
        env = try RulesTestEnvironment(rules: WorkNowRules.source, projectID: "rules-worknow")
        alice = try env.authenticatedContext("alice", claims: ["email": "alice@test.es"])
        bobby = try env.authenticatedContext("bobby", claims: ["email": "bobby@test.es"])
        carol = try env.authenticatedContext("carol", claims: ["email": "carol@test.es"])
        diego = try env.authenticatedContext("diego", claims: ["email": "diego@test.es"])
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
            try await admin.document("requests/req-open").setData(try Self.request(status: "open"))
            try await admin.document("requests/req-accepted").setData(
                try Self.request(status: "accepted", worker: "bobby"))
            try await admin.document("requests/req-done").setData(try Self.request(status: "done", worker: "bobby"))
            try await admin.document("requests/req-carol").setData(
                try Self.request(status: "accepted", worker: "carol"))
            try await admin.document("requests/req-cancelled").setData(try Self.request(status: "cancelled"))
            for id in ["req-open", "req-accepted", "req-done"] {
                try await admin.document("requests/\(id)/offers/bobby").setData(Self.offer("bobby", price: 50))
            }
            try await admin.document("requests/req-carol/offers/carol").setData(Self.offer("carol", price: 45))
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

    /// A fresh profile of `uid` (name = capitalized uid, surname "Test") at Sol.
    static func profile(_ uid: String, trades: [String] = []) throws -> [String: Any] {
        [
            "nombre": uid.capitalized, "apellidos": "Test", "email": "\(uid)@test.es", "latitude": "40.4169",
            "longitude": "-3.7035", "location": try GeoPoint(latitude: 40.4169, longitude: -3.7035),
            "oficios": Oficio.allCases.map { ["nombre": $0.rawValue, "selected": trades.contains($0.rawValue)] },
            "trades": trades, "radiusKm": 10.0, "ratingSum": 0.0, "ratingCount": 0,
        ]
    }

    /// A request of alice's in `status`, with `worker`'s offer accepted when given.
    static func request(
        status: String, worker: String? = nil, time: Any = FieldValue.serverTimestamp(), client: String = "alice"
    ) throws -> [String: Any] {
        [
            "client": client, "categoria": "Electricista", "descripcion": "Cambiar enchufes", "precio_max": 60.0,
            "location": try GeoPoint(latitude: 40.4169, longitude: -3.7035), "createdAt": time, "status": status,
            "acceptedOffer": worker.map { $0 as Any } ?? NSNull(),
        ]
    }

    /// An offer by `worker` at `price`, stamped with the server time.
    static func offer(_ worker: String, price: Double, time: Any = FieldValue.serverTimestamp()) -> [String: Any] {
        ["worker": worker, "price": price, "duration": "1 hora", "message": "", "createdAt": time]
    }

    /// A chat message by `sender`.
    static func message(from sender: String, text: String = "Hola", time: Any) -> [String: Any] {
        ["senderId": sender, "senderName": sender.capitalized, "text": text, "sentAt": time]
    }
}
