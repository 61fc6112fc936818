import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `requests/{id}`: open requests to a trade are visible to signed-in users, the others (and every
/// direct hire) only to their parties; the client creates open requests, a direct hire names a
/// professional of the trade; the status machine has its own suite; nobody deletes.
@Suite("Rules matrix: requests")
final class RequestsRulesTests: RulesSuite {
    @Test func get() async throws {
        try await rules.expect(allowed: [rules.carol], denied: [rules.anonymous]) {
            try await $0.document("requests/req-open").getDocument()
        }
        try await rules.expect(allowed: [rules.alice, rules.bobby], denied: [rules.carol]) {
            try await $0.document("requests/req-accepted").getDocument()
        }
        try await assertFails { try await rules.carol.document("requests/req-cancelled").getDocument() }
        // A direct hire: its client and the hired professional only, even while open.
        try await rules.expect(allowed: [rules.alice, rules.bobby], denied: [rules.carol]) {
            try await $0.document("requests/req-direct").getDocument()
        }
    }

    @Test func list() async throws {
        let open = try await assertSucceeds {
            try await rules.carol.collection("requests").whereField("categoria", in: ["Electricista"])
                .whereField("status", isEqualTo: "open").whereField("worker", isEqualTo: NSNull()).getDocuments()
        }
        #expect(open.documents.map(\.documentID) == ["req-open"])
        // Without `worker == null` the query could return direct hires: refused.
        try await assertFails {
            try await rules.carol.collection("requests").whereField("categoria", in: ["Electricista"])
                .whereField("status", isEqualTo: "open").getDocuments()
        }
        let hires = try await assertSucceeds {
            try await rules.bobby.collection("requests").whereField("worker", isEqualTo: "bobby")
                .whereField("status", isEqualTo: "open").getDocuments()
        }
        #expect(hires.documents.map(\.documentID) == ["req-direct"])
        try await assertFails {
            try await rules.carol.collection("requests").whereField("worker", isEqualTo: "bobby").getDocuments()
        }
        let own = try await assertSucceeds {
            try await rules.alice.collection("requests").whereField("client", isEqualTo: "alice").getDocuments()
        }
        #expect(own.count == 7)
        try await assertSucceeds {
            try await rules.bobby.collection("requests").whereField("acceptedOffer", isEqualTo: "bobby").getDocuments()
        }
        // Queries the rules cannot prove stay within what the user may read.
        let unbounded: [Query] = [
            rules.carol.collection("requests"), rules.carol.collection("requests").whereField("client", isEqualTo: "alice"),
            rules.anonymous.collection("requests").whereField("status", isEqualTo: "open"),
        ]
        try await rules.expectRefused(unbounded) { try await $0.getDocuments() }
    }

    @Test func create() async throws {
        let requests = rules.alice.collection("requests")
        try await assertSucceeds {
            try await requests.document("new").setData(try RulesFixture.request(status: "open"))
        }
        try await rules.expect(denied: [rules.carol, rules.anonymous]) {
            try await $0.collection("requests").document("forged").setData(try RulesFixture.request(status: "open"))
        }
        let early = [
            ("taken", try RulesFixture.request(status: "accepted", worker: "bobby")),
            ("clock", try RulesFixture.request(status: "open", time: Timestamp())),
        ]
        try await rules.expectRefused(early) { id, data in try await requests.document(id).setData(data) }
        var changes: [(String, Any?)] = [
            ("descripcion", " "), ("descripcion", nil), ("location", nil), ("location", "Madrid"), ("precio_max", "60"),
            ("precio_max", 0.0), ("categoria", "Astronauta"), ("extra", 1),
        ]
        changes += [
            ("acceptedOffer", "bobby"), ("radiusKm", 0.5), ("radiusKm", 101.0), ("radiusKm", nil), ("finishedBy", ["alice"]),
            ("finishedBy", nil), ("paidAt", Timestamp()), ("worker", nil), ("worker", "alice"), ("worker", "diego"),
            ("worker", "fermin"), ("worker", "nadie"),
        ]
        for (field, value) in changes {
            var data = try RulesFixture.request(status: "open")
            data[field] = value
            try await assertFails { try await requests.document("bad-\(field)").setData(data) }
        }
        // A direct hire of an electrician for an electrician's job.
        try await assertSucceeds {
            try await requests.document("hire").setData(try RulesFixture.request(status: "open", hired: "bobby"))
        }
        var noLimit = try RulesFixture.request(status: "open")
        noLimit["precio_max"] = NSNull()
        try await assertSucceeds { try await requests.document("nolimit").setData(noLimit) }
    }

    @Test func update() async throws {
        // Only the client, only status and acceptedOffer (the transitions have their own suite).
        let refused: [(Firestore, String, [String: Any])] = [
            (rules.bobby, "req-open", ["status": "cancelled"]), (rules.bobby, "req-accepted", ["status": "done"]),
            (rules.bobby, "req-open", ["status": "accepted", "acceptedOffer": "bobby"]),
            (rules.alice, "req-open", ["descripcion": "Otra"]), (rules.alice, "req-open", ["precio_max": 500.0]),
            (rules.alice, "req-open", ["status": "cancelled", "client": "carol"]),
            (rules.anonymous, "req-open", ["status": "cancelled"]),
        ]
        try await rules.expectRefused(refused) { user, id, fields in
            try await user.document("requests/\(id)").updateData(fields)
        }
        try await assertSucceeds {
            try await rules.alice.document("requests/req-open").updateData(["status": "cancelled"])
        }
    }

    @Test func delete() async throws {
        try await rules.expect(denied: [rules.alice, rules.anonymous]) { try await $0.document("requests/req-open").delete() }
        try await assertFails { try await rules.bobby.document("requests/req-accepted").delete() }
    }
}
