import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `requests/{id}/offers/{workerUid}`: written once by that worker, on an open request of a trade
/// they offer (or, on a direct hire, by the hired professional), with `priceTo` (or `price`) not
/// above `precio_max`; read by the worker and the request's client; the client only sets `rejected`.
@Suite("Rules matrix: offers")
struct OffersRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.bobby.document("requests/req-open/offers/bobby").getDocument() }
        try await assertSucceeds { try await rules.alice.document("requests/req-open/offers/bobby").getDocument() }
        try await assertFails { try await rules.carol.document("requests/req-open/offers/bobby").getDocument() }
        try await assertFails { try await rules.anonymous.document("requests/req-open/offers/bobby").getDocument() }
        try await assertSucceeds { try await rules.alice.document("requests/req-direct/offers/bobby").getDocument() }
        try await assertFails { try await rules.diego.document("requests/req-direct/offers/bobby").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let all = try await assertSucceeds {
            try await rules.alice.collection("requests/req-open/offers").getDocuments()
        }
        #expect(all.count == 1)
        try await assertFails { try await rules.bobby.collection("requests/req-open/offers").getDocuments() }
        try await assertFails { try await rules.carol.collection("requests/req-open/offers").getDocuments() }
        try await assertFails { try await rules.anonymous.collection("requests/req-open/offers").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let carolOffer = rules.carol.document("requests/req-open/offers/carol")
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 61)) }
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 0)) }
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("bobby", price: 40)) }
        // A range counts by its top, which must be above its bottom.
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, priceTo: 61)) }
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, priceTo: 40)) }
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, priceTo: 30)) }
        try await assertFails { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, rejected: true)) }
        var noPlace = try RulesFixture.offer("carol", price: 40)
        noPlace["location"] = nil
        try await assertFails { try await carolOffer.setData(noPlace) }
        var textPrice = try RulesFixture.offer("carol", price: 40)
        textPrice["priceTo"] = "50"
        try await assertFails { try await carolOffer.setData(textPrice) }
        try await assertFails {
            try await carolOffer.setData(RulesFixture.offer("carol", price: 40, time: Timestamp()))
        }
        try await assertFails {
            try await rules.carol.document("requests/req-open/offers/diego").setData(
                RulesFixture.offer("diego", price: 40))
        }
        try await assertFails {
            try await rules.diego.document("requests/req-open/offers/diego").setData(
                RulesFixture.offer("diego", price: 40))
        }
        try await assertFails {
            try await rules.alice.document("requests/req-open/offers/alice").setData(
                RulesFixture.offer("alice", price: 40))
        }
        try await assertFails {
            try await rules.carol.document("requests/req-accepted/offers/carol").setData(
                RulesFixture.offer("carol", price: 40))
        }
        try await assertFails {
            try await rules.anonymous.document("requests/req-open/offers/carol").setData(
                RulesFixture.offer("carol", price: 40))
        }
        // A second offer by the same worker is an update, which nobody may do.
        try await assertFails {
            try await rules.bobby.document("requests/req-open/offers/bobby").setData(
                RulesFixture.offer("bobby", price: 20))
        }
        try await assertSucceeds { try await carolOffer.setData(RulesFixture.offer("carol", price: 40, priceTo: 60)) }
    }

    @Test func createOnADirectHire() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        // carol works in Fontanería too, but only the hired professional (diego) may offer.
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("users/carol").updateData(["trades": ["Electricista", "Fontanería"]])
        }
        try await assertFails {
            try await rules.carol.document("requests/req-hire-diego/offers/carol").setData(
                RulesFixture.offer("carol", price: 40))
        }
        try await assertFails {
            try await rules.fermin.document("requests/req-hire-diego/offers/fermin").setData(
                RulesFixture.offer("fermin", price: 40))
        }
        try await assertSucceeds {
            try await rules.diego.document("requests/req-hire-diego/offers/diego").setData(
                RulesFixture.offer("diego", price: 40, priceTo: 55))
        }
    }

    @Test func updateAndDelete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let offer = "requests/req-open/offers/bobby"
        try await assertFails { try await rules.bobby.document(offer).updateData(["price": 10.0]) }
        try await assertFails { try await rules.alice.document(offer).updateData(["price": 10.0]) }
        try await assertFails { try await rules.bobby.document(offer).delete() }
        try await assertFails { try await rules.alice.document(offer).delete() }
        try await assertFails { try await rules.anonymous.document(offer).delete() }
    }

    @Test func theClientOnlyRejects() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let offer = "requests/req-open/offers/bobby"
        try await assertFails { try await rules.bobby.document(offer).updateData(["rejected": true]) }
        try await assertFails { try await rules.carol.document(offer).updateData(["rejected": true]) }
        try await assertFails { try await rules.alice.document(offer).updateData(["rejected": true, "price": 10.0]) }
        try await assertFails { try await rules.alice.document(offer).updateData(["rejected": "sí"]) }
        try await assertFails {
            try await rules.alice.document("requests/req-accepted/offers/bobby").updateData(["rejected": true])
        }
        try await assertSucceeds { try await rules.alice.document(offer).updateData(["rejected": true]) }
        try await assertFails { try await rules.alice.document(offer).updateData(["rejected": false]) }
    }
}
