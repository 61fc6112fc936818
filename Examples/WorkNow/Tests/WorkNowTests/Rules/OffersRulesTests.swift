import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `requests/{id}/offers/{workerUid}`: written once by that worker, on an open request of a trade
/// they offer (or, on a direct hire, by the hired professional), with `priceTo` (or `price`) not
/// above `precio_max`; read by the worker and the request's client; the client only sets `rejected`.
@Suite("Rules matrix: offers")
final class OffersRulesTests: RulesSuite {
    @Test func get() async throws {
        try await rules.expect(allowed: [rules.bobby, rules.alice], denied: [rules.carol, rules.anonymous]) {
            try await $0.document("requests/req-open/offers/bobby").getDocument()
        }
        try await rules.expect(allowed: [rules.alice], denied: [rules.diego]) {
            try await $0.document("requests/req-direct/offers/bobby").getDocument()
        }
    }

    @Test func list() async throws {
        let all = try await assertSucceeds {
            try await rules.alice.collection("requests/req-open/offers").getDocuments()
        }
        #expect(all.count == 1)
        try await rules.expect(denied: [rules.bobby, rules.carol, rules.anonymous]) {
            try await $0.collection("requests/req-open/offers").getDocuments()
        }
    }

    @Test func create() async throws {
        let carolOffer = rules.carol.document("requests/req-open/offers/carol")
        var noPlace = try RulesFixture.offer("carol", price: 40)
        noPlace["location"] = nil
        var textPrice = try RulesFixture.offer("carol", price: 40)
        textPrice["priceTo"] = "50"
        // Above the maximum, not positive, another worker's name; a range counts by its top, which
        // must be above its bottom; already rejected, no place, a text price, the client's clock.
        try await rules.expectRefused([
            try RulesFixture.offer("carol", price: 61), try RulesFixture.offer("carol", price: 0),
            try RulesFixture.offer("bobby", price: 40), try RulesFixture.offer("carol", price: 40, priceTo: 61),
            try RulesFixture.offer("carol", price: 40, priceTo: 40), try RulesFixture.offer("carol", price: 40, priceTo: 30),
            try RulesFixture.offer("carol", price: 40, rejected: true), noPlace, textPrice,
            try RulesFixture.offer("carol", price: 40, time: Timestamp()),
        ]) { try await carolOffer.setData($0) }
        // (who, on which request, as which worker, at what price): another's offer, a worker of
        // another trade, the client, a taken request, no sign-in; and a second offer by the same
        // worker, an update, which nobody may do.
        let strangers: [(Firestore, String, String, Double)] = [
            (rules.carol, "req-open", "diego", 40), (rules.diego, "req-open", "diego", 40),
            (rules.alice, "req-open", "alice", 40), (rules.carol, "req-accepted", "carol", 40),
            (rules.anonymous, "req-open", "carol", 40), (rules.bobby, "req-open", "bobby", 20),
        ]
        try await rules.expectRefused(strangers) { user, request, worker, price in
            try await user.document("requests/\(request)/offers/\(worker)").setData(RulesFixture.offer(worker, price: price))
        }
        try await assertSucceeds { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, priceTo: 60)) }
    }

    @Test func createOnADirectHire() async throws {
        // carol works in Fontanería too, but only the hired professional (diego) may offer.
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("users/carol").updateData(["trades": ["Electricista", "Fontanería"]])
        }
        try await rules.expectRefused([(rules.carol, "carol"), (rules.fermin, "fermin")]) { user, worker in
            try await user.document("requests/req-hire-diego/offers/\(worker)").setData(RulesFixture.offer(worker, price: 40))
        }
        try await assertSucceeds {
            try await rules.diego.document("requests/req-hire-diego/offers/diego").setData(
                RulesFixture.offer("diego", price: 40, priceTo: 55))
        }
    }

    @Test func updateAndDelete() async throws {
        let offer = "requests/req-open/offers/bobby"
        try await rules.expect(denied: [rules.bobby, rules.alice]) { try await $0.document(offer).updateData(["price": 10.0]) }
        try await rules.expect(denied: [rules.bobby, rules.alice, rules.anonymous]) { try await $0.document(offer).delete() }
    }

    @Test func theClientOnlyRejects() async throws {
        let offer = rules.alice.document("requests/req-open/offers/bobby")
        try await rules.expect(denied: [rules.bobby, rules.carol]) {
            try await $0.document("requests/req-open/offers/bobby").updateData(["rejected": true])
        }
        let tampered: [[String: Any]] = [["rejected": true, "price": 10.0], ["rejected": "sí"]]
        try await rules.expectRefused(tampered) { try await offer.updateData($0) }
        try await assertFails {
            try await rules.alice.document("requests/req-accepted/offers/bobby").updateData(["rejected": true])
        }
        try await assertSucceeds { try await offer.updateData(["rejected": true]) }
        try await assertFails { try await offer.updateData(["rejected": false]) }
    }
}
